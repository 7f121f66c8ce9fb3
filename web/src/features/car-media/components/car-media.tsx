import { lazy, Suspense, useId, useState, type KeyboardEvent } from 'react'
import { cn } from '@/lib/utils'
import { panelClass, tabClass, tabListClass, viewIcons, viewNames, type ViewTabsProps } from '../lib/view-tabs'
import type { MediaCar, MediaSite } from '../types'
import { availableViews, carTitle, carVideo, defaultView, galleryImages, showThumbnails, spinFrames, type MediaView } from '../lib/media'
import type { AutoRotate } from '../lib/use-spinner'
import { Gallery } from './gallery'

// The 360 spinner and the interior view (with their hotspot popovers) load
// with the car that has them; a box of the photo's shape holds their place.
const Spinner = lazy(() => import('./spinner').then((m) => ({ default: m.Spinner })))
const InteriorView = lazy(() => import('./interior-view').then((m) => ({ default: m.InteriorView })))

function ViewLoading({ controls }: { controls?: boolean }) {
  return (
    <div className="space-y-2" role="status" aria-label="Loading the view">
      <div className="relative aspect-[3/2] overflow-hidden rounded-lg bg-muted" />
      {controls && <div className="h-9" />}
    </div>
  )
}

export type CarMediaProps = {
  car: MediaCar
  site: MediaSite
  // Told when the fullscreen gallery opens or closes, so the page can hide
  // what sits over it (docs/behaviour/states.md#car-views).
  onFullscreenChange?: (open: boolean) => void
  // Opens the page's request-photos form from the 'request photos' tile.
  onRequestPhotos?: () => void
  // How the 360 view turns by itself once loaded; one full turn by default.
  autoRotate?: AutoRotate
  // The gallery's `sizes`: how wide the page lays the media out.
  sizes?: string
  className?: string
}

// ViewTabs is the WAI-ARIA tab set of the car views: a press or the arrow
// keys (Home and End too) choose a view and move focus with it; only the
// chosen view's panel is drawn. It is a few lines of our own rather than a
// tabs library, so the vehicle page's first load stays small.
function ViewTabs({ views, view, onViewChange, className, panels }: ViewTabsProps) {
  const id = useId()
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = views.indexOf(view)
    const to =
      e.key === 'ArrowRight' ? (at + 1) % views.length
      : e.key === 'ArrowLeft' ? (at - 1 + views.length) % views.length
      : e.key === 'Home' ? 0
      : e.key === 'End' ? views.length - 1
      : -1
    if (to < 0) return
    e.preventDefault()
    onViewChange(views[to]!)
    e.currentTarget.querySelectorAll<HTMLElement>('[role=tab]')[to]?.focus()
  }
  return (
    <div dir="ltr" data-orientation="horizontal" className={className}>
      <div role="tablist" aria-orientation="horizontal" aria-label="Car views" className={tabListClass} data-orientation="horizontal" onKeyDown={onKeyDown}>
        {views.map((v) => {
          const Icon = viewIcons[v]
          const active = v === view
          return (
            <button
              key={v}
              type="button"
              role="tab"
              id={`${id}-trigger-${v}`}
              aria-selected={active}
              aria-controls={`${id}-content-${v}`}
              data-state={active ? 'active' : 'inactive'}
              data-orientation="horizontal"
              tabIndex={active ? 0 : -1}
              className={tabClass}
              onClick={() => onViewChange(v)}
            >
              <Icon aria-hidden className="size-4" />
              {viewNames[v]}
            </button>
          )
        })}
      </div>
      {views.map((v) => (
        <div
          key={v}
          role="tabpanel"
          id={`${id}-content-${v}`}
          aria-labelledby={`${id}-trigger-${v}`}
          data-state={v === view ? 'active' : 'inactive'}
          data-orientation="horizontal"
          hidden={v !== view}
          tabIndex={0}
          className={panelClass}
        >
          {v === view && panels[v]}
        </div>
      ))}
    </div>
  )
}

// CarMedia is the vehicle page's media block: the photo gallery with its
// video slide, and for cars that have them the 360 spinner and interior view
// under Spin / Images / Interior tabs (docs/behaviour/screens.md and docs/behaviour/states.md). Moving to
// another car starts afresh: its default view, its first photo.
export function CarMedia(props: CarMediaProps) {
  return <CarMediaFor key={props.car.id} {...props} />
}

function CarMediaFor({ car, site, onFullscreenChange, onRequestPhotos, autoRotate = 'once', sizes, className }: CarMediaProps) {
  const title = carTitle(car)
  const views = availableViews(car)
  const images = galleryImages(car)
  const video = carVideo(car)
  const [view, setView] = useState<MediaView>(() => defaultView(car, site))
  const [galleryIndex, setGalleryIndex] = useState(0)

  const gallery = (
    <Gallery
      images={images}
      video={video}
      title={title}
      thumbnails={showThumbnails(car.status, images.length)}
      index={galleryIndex}
      onIndexChange={setGalleryIndex}
      onFullscreenChange={onFullscreenChange}
      onRequestPhotos={onRequestPhotos}
      sizes={sizes}
    />
  )

  // Sized by the page, never by the photos: without this a 1200 px wide
  // photo would stretch a grid or flex column past a phone's screen.
  const root = cn('w-full [contain:inline-size]', className)

  if (views.length === 1) return <div className={root}>{gallery}</div>

  const changeView = (next: string) => {
    // docs/behaviour/states.md#car-views: leaving the gallery resets its index.
    if (view === 'images' && next !== 'images') setGalleryIndex(0)
    setView(next as MediaView)
  }

  const panels: ViewTabsProps['panels'] = {
    spin: (
      <Suspense fallback={<ViewLoading controls />}>
        <Spinner frames={spinFrames(car)} title={title} hotspots={car.hotspots?.exterior} autoRotate={autoRotate} />
      </Suspense>
    ),
    images: gallery,
    interior: (
      <Suspense fallback={<ViewLoading />}>
        <InteriorView src={car.spin_interior_image} title={title} hotspots={car.hotspots?.interior} />
      </Suspense>
    ),
  }
  return <ViewTabs views={views} view={view} onViewChange={changeView} className={root} panels={panels} />
}
