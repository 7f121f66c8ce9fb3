import type { KeyboardEvent, RefObject } from 'react'
import { Dialog } from 'radix-ui'
import { ChevronLeft, ChevronRight, X } from 'lucide-react'
import { cn } from '@/lib/utils'
import { useSyncedCarousel } from '../lib/use-synced-carousel'
import { SlideView } from './slide-view'
import { slideLabel, type Slide } from './slides'

type Props = {
  slides: readonly Slide[]
  title: string
  imageCount: number
  index: number
  onIndexChange: (i: number) => void
  failed: ReadonlySet<string>
  onFail: (url: string) => void
  onRequestPhotos?: () => void
  // The page's Fullscreen button, which takes focus back on close.
  returnFocus?: RefObject<HTMLElement | null>
}

const control =
  'flex size-11 items-center justify-center rounded-full bg-background/15 text-background hover:bg-background/30 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-background'

// FullscreenDialog is the gallery's fullscreen view in its own chunk (Radix
// Dialog), which the gallery loads when the visitor reaches for its photos
// or presses Fullscreen. The page's Fullscreen button is the gallery's own
// and never swapped for another, so a press made while this arrives is
// never lost (docs/behaviour/screens.md#below-the-fold).
export function FullscreenDialog({ open, onOpenChange, ...gallery }: Props & { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {open && <FullscreenGallery {...gallery} />}
    </Dialog.Root>
  )
}

// FullscreenGallery is the gallery's dialog (docs/behaviour/screens.md): the photos
// as large as the screen allows, a close button, and left/right arrow keys.
// Radix keeps focus inside while it is open; closing returns it to the
// Fullscreen button. It shares the page gallery's index, so closing leaves
// the page on the photo last seen.
function FullscreenGallery({ slides, title, imageCount, index, onIndexChange, failed, onFail, onRequestPhotos, returnFocus }: Props) {
  const viewportRef = useSyncedCarousel(index, onIndexChange)
  const count = slides.length

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'ArrowLeft') onIndexChange(index - 1)
    else if (e.key === 'ArrowRight') onIndexChange(index + 1)
    else return
    e.preventDefault()
  }

  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-foreground" />
      <Dialog.Content
        onKeyDown={onKeyDown}
        onCloseAutoFocus={(e) => {
          if (!returnFocus?.current) return
          e.preventDefault()
          returnFocus.current.focus()
        }}
        className="fixed inset-0 z-50 flex flex-col bg-foreground text-background focus:outline-none">
        <div className="flex items-center justify-between gap-4 px-4 py-3">
          <Dialog.Title className="truncate text-base font-semibold">Photos of the {title}</Dialog.Title>
          <p className="ml-auto shrink-0 whitespace-nowrap text-sm tabular-nums" aria-live="polite" aria-atomic="true">
            <span className="sr-only">{slideLabel(slides[index], imageCount)}</span>
            <span aria-hidden>
              {index + 1} / {count}
            </span>
          </p>
          <Dialog.Close asChild>
            <button type="button" aria-label="Close" className={control}>
              <X aria-hidden className="size-6" />
            </button>
          </Dialog.Close>
        </div>
        <Dialog.Description className="sr-only">Use the left and right arrow keys to move between photos; Escape closes.</Dialog.Description>
        <div className="relative min-h-0 flex-1">
          <div ref={viewportRef} className="h-full overflow-hidden">
            <div className="flex h-full touch-pan-y">
              {slides.map((slide, i) => (
                <div
                  key={i}
                  role="group"
                  aria-roledescription="slide"
                  aria-label={slideLabel(slide, imageCount)}
                  aria-current={i === index ? 'true' : undefined}
                  data-slide-index={i}
                  inert={i !== index}
                  className="flex h-full min-w-0 shrink-0 grow-0 basis-full items-center justify-center px-2 sm:px-16"
                >
                  <div className={cn('w-full', slide.kind === 'image' && !failed.has(slide.image.url) ? 'h-full' : 'aspect-[3/2] max-h-full max-w-5xl')}>
                    <SlideView
                      slide={slide}
                      title={title}
                      imageCount={imageCount}
                      failed={slide.kind === 'image' && failed.has(slide.image.url)}
                      onFail={onFail}
                      onRequestPhotos={onRequestPhotos}
                      fit="contain"
                      sizes="100vw"
                      eager={i === index}
                    />
                  </div>
                </div>
              ))}
            </div>
          </div>
          {count > 1 && (
            <>
              <button type="button" aria-label="Previous image" onClick={() => onIndexChange(index - 1)} className={cn(control, 'absolute left-2 top-1/2 -translate-y-1/2')}>
                <ChevronLeft aria-hidden className="size-7" />
              </button>
              <button type="button" aria-label="Next image" onClick={() => onIndexChange(index + 1)} className={cn(control, 'absolute right-2 top-1/2 -translate-y-1/2')}>
                <ChevronRight aria-hidden className="size-7" />
              </button>
            </>
          )}
        </div>
      </Dialog.Content>
    </Dialog.Portal>
  )
}
