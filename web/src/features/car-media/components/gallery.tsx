import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react'
import { Camera, ChevronLeft, ChevronRight, Expand, Play } from 'lucide-react'
import { cn } from '@/lib/utils'
import { imageUrl, mod, type CarVideo, type GalleryImage } from '../lib/media'
import { useSyncedCarousel } from '../lib/use-synced-carousel'
import { useDeferredComponent } from '@/lib/use-deferred-component'
import { SlideView } from './slide-view'
import { buildSlides, slideLabel } from './slides'

const loadFullscreen = () => import('./fullscreen-gallery').then((m) => m.FullscreenDialog)

export const defaultGallerySizes = '(min-width: 1280px) 820px, (min-width: 1024px) 66vw, 100vw'

type Props = {
  images: readonly GalleryImage[]
  video: CarVideo | null
  title: string
  thumbnails: boolean
  index: number
  onIndexChange: (i: number) => void
  onFullscreenChange?: (open: boolean) => void
  onRequestPhotos?: () => void
  sizes?: string
}

const roundButton =
  'flex size-10 items-center justify-center rounded-full bg-background/85 text-foreground shadow hover:bg-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring'

// Gallery is the main photo slider (docs/behaviour/screens.md#gallery): previous and
// next buttons, swipe, left/right keys, thumbnails for in-stock cars with more
// than 3 photos, and a fullscreen view.
export function Gallery({ images, video, title, thumbnails, index, onIndexChange, onFullscreenChange, onRequestPhotos, sizes = defaultGallerySizes }: Props) {
  const slides = buildSlides(images, video)
  const count = slides.length
  const current = Math.min(Math.max(index, 0), count - 1)
  const viewportRef = useSyncedCarousel(current, onIndexChange)
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set())
  const [fullscreen, setFullscreen] = useState(false)
  const onFail = useCallback((url: string) => setFailed((s) => (s.has(url) ? s : new Set(s).add(url))), [])

  const go = useCallback((i: number) => onIndexChange(mod(i, count)), [onIndexChange, count])

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.defaultPrevented || count < 2) return
    if (e.key === 'ArrowLeft') go(current - 1)
    else if (e.key === 'ArrowRight') go(current + 1)
    else return
    e.preventDefault()
  }

  const setOpen = (open: boolean) => {
    setFullscreen(open)
    onFullscreenChange?.(open)
  }
  // The fullscreen dialog arrives when the visitor reaches into the gallery
  // (pointer over it, a touch, focus inside); a press before then opens it
  // as soon as it has.
  const [reached, setReached] = useState(false)
  const reach = () => setReached(true)
  const FullscreenDialog = useDeferredComponent(loadFullscreen, fullscreen || reached)
  const fullscreenButton = useRef<HTMLButtonElement>(null)

  return (
    <section
      aria-roledescription="carousel"
      aria-label={`Photos of the ${title}`}
      onKeyDown={onKeyDown}
      onPointerEnter={reach}
      onTouchStart={reach}
      onFocus={reach}
      className="space-y-2"
    >
      <div className="relative overflow-hidden rounded-lg bg-muted">
        <div ref={viewportRef} className="overflow-hidden">
          <div className="flex touch-pan-y">
            {slides.map((slide, i) => (
              <div
                key={i}
                role="group"
                aria-roledescription="slide"
                aria-label={slideLabel(slide, images.length)}
                aria-current={i === current ? 'true' : undefined}
                data-slide-index={i}
                // Slides out of view stay out of the tab order.
                inert={i !== current}
                className="aspect-[3/2] min-w-0 shrink-0 grow-0 basis-full"
              >
                <SlideView
                  slide={slide}
                  title={title}
                  imageCount={images.length}
                  failed={slide.kind === 'image' && failed.has(slide.image.url)}
                  onFail={onFail}
                  onRequestPhotos={onRequestPhotos}
                  fit="cover"
                  sizes={sizes}
                />
              </div>
            ))}
          </div>
        </div>

        {count > 1 && (
          <>
            <button type="button" aria-label="Previous image" onClick={() => go(current - 1)} className={cn(roundButton, 'absolute left-2 top-1/2 -translate-y-1/2')}>
              <ChevronLeft aria-hidden className="size-6" />
            </button>
            <button type="button" aria-label="Next image" onClick={() => go(current + 1)} className={cn(roundButton, 'absolute right-2 top-1/2 -translate-y-1/2')}>
              <ChevronRight aria-hidden className="size-6" />
            </button>
            <p className="absolute bottom-2 right-2 h-6 min-w-16 whitespace-nowrap rounded bg-foreground/75 px-2 py-0.5 text-center text-sm tabular-nums text-background" aria-live="polite" aria-atomic="true">
              <span className="sr-only">{slideLabel(slides[current], images.length)}</span>
              <span aria-hidden>
                {current + 1} / {count}
              </span>
            </p>
          </>
        )}

        {images.length > 0 && <FullscreenButton buttonRef={fullscreenButton} open={fullscreen} onOpen={() => setOpen(true)} />}
        {FullscreenDialog && (
          <FullscreenDialog
            open={fullscreen}
            onOpenChange={setOpen}
            returnFocus={fullscreenButton}
            slides={slides}
            title={title}
            imageCount={images.length}
            index={current}
            onIndexChange={go}
            failed={failed}
            onFail={onFail}
            onRequestPhotos={onRequestPhotos}
          />
        )}
      </div>

      {thumbnails && <Thumbnails images={images} video={video} index={current} failed={failed} onPick={go} />}
    </section>
  )
}

// FullscreenButton opens the fullscreen dialog, with its 'Fullscreen'
// tooltip (docs/behaviour/screens.md#gallery): shown after a short rest of
// the pointer or at once on keyboard focus, kept while the pointer is over
// the button or the tip, dismissed by Escape (WCAG 1.4.13).
function FullscreenButton({ buttonRef, open, onOpen }: { buttonRef: RefObject<HTMLButtonElement | null>; open: boolean; onOpen: () => void }) {
  const [tip, setTip] = useState(false)
  const timer = useRef<number | undefined>(undefined)
  const id = useId()
  const show = (delay: number) => {
    window.clearTimeout(timer.current)
    timer.current = window.setTimeout(() => setTip(true), delay)
  }
  const hide = () => {
    window.clearTimeout(timer.current)
    setTip(false)
  }
  useEffect(() => () => window.clearTimeout(timer.current), [])
  return (
    <div className="absolute right-2 top-2" onPointerEnter={() => show(300)} onPointerLeave={hide}>
      <button
        ref={buttonRef}
        type="button"
        aria-label="Fullscreen"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-describedby={tip ? id : undefined}
        className={roundButton}
        onClick={() => {
          hide()
          onOpen()
        }}
        onFocus={(e) => {
          if (e.currentTarget.matches(':focus-visible')) show(0)
        }}
        onBlur={hide}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && tip) hide()
        }}
      >
        <Expand aria-hidden className="size-5" />
      </button>
      {tip && (
        <span
          role="tooltip"
          id={id}
          className="absolute right-full top-1/2 mr-1.5 -translate-y-1/2 whitespace-nowrap rounded bg-foreground px-2 py-1 text-xs text-background shadow"
        >
          Fullscreen
        </span>
      )}
    </div>
  )
}

function Thumbnails({
  images,
  video,
  index,
  failed,
  onPick,
}: {
  images: readonly GalleryImage[]
  video: CarVideo | null
  index: number
  failed: ReadonlySet<string>
  onPick: (i: number) => void
}) {
  const listRef = useRef<HTMLUListElement>(null)
  // Keep the current thumbnail in sight by scrolling the strip itself (not
  // the page, which scrollIntoView would also move).
  useEffect(() => {
    const list = listRef.current
    const item = list?.children[index] as HTMLElement | undefined
    if (!list || !item) return
    const left = item.offsetLeft - (list.clientWidth - item.offsetWidth) / 2
    list.scrollTo?.({ left, behavior: 'smooth' })
  }, [index])

  const thumbClass = (active: boolean) =>
    cn(
      'relative block h-16 w-24 overflow-hidden rounded-md border-2 bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 sm:h-20 sm:w-30',
      active ? 'border-primary' : 'border-transparent opacity-75 hover:opacity-100',
    )

  return (
    <ul ref={listRef} aria-label="Thumbnails" className="flex gap-2 overflow-x-auto p-1">
      {images.map((im, i) => (
        <li key={i} className="shrink-0">
          <button type="button" aria-label={`Show image ${i + 1} of ${images.length}`} aria-current={i === index ? 'true' : undefined} onClick={() => onPick(i)} className={thumbClass(i === index)}>
            {failed.has(im.url) ? (
              <Camera aria-hidden className="m-auto size-5 text-muted-foreground" />
            ) : (
              <img src={imageUrl(im.thumb, 240)} alt="" width={120} height={80} loading="lazy" decoding="async" draggable={false} className="size-full object-cover" />
            )}
          </button>
        </li>
      ))}
      {video && (
        <li className="shrink-0">
          <button type="button" aria-label="Show video" aria-current={index === images.length ? 'true' : undefined} onClick={() => onPick(images.length)} className={cn(thumbClass(index === images.length), 'flex items-center justify-center')}>
            <Play aria-hidden className="size-6 text-muted-foreground" />
          </button>
        </li>
      )}
    </ul>
  )
}
