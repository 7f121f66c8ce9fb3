import { lazy, Suspense, useState } from 'react'
import { Tabs } from 'radix-ui'
import { cn } from '@/lib/utils'
import { Armchair, Images, Rotate3d } from 'lucide-react'
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
  // what sits over it (SPEC.md section 4, Car views).
  onFullscreenChange?: (open: boolean) => void
  // Opens the page's request-photos form from the 'request photos' tile.
  onRequestPhotos?: () => void
  // How the 360 view turns by itself once loaded; one full turn by default.
  autoRotate?: AutoRotate
  // The gallery's `sizes`: how wide the page lays the media out.
  sizes?: string
  className?: string
}

const viewNames: Record<MediaView, string> = { spin: 'Spin', images: 'Images', interior: 'Interior' }
const viewIcons = { spin: Rotate3d, images: Images, interior: Armchair } as const

// CarMedia is the vehicle page's media block: the photo gallery with its
// video slide, and for cars that have them the 360 spinner and interior view
// under Spin / Images / Interior tabs (SPEC.md sections 2 and 4). Moving to
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
    // SPEC.md section 4, Car views: leaving the gallery resets its index.
    if (view === 'images' && next !== 'images') setGalleryIndex(0)
    setView(next as MediaView)
  }

  return (
    <Tabs.Root value={view} onValueChange={changeView} className={root}>
      <Tabs.List aria-label="Car views" className="mb-2 inline-flex gap-1 rounded-lg bg-muted p-1">
        {views.map((v) => {
          const Icon = viewIcons[v]
          return (
            <Tabs.Trigger
              key={v}
              value={v}
              className="inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium text-foreground hover:bg-background/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=active]:bg-primary data-[state=active]:text-primary-foreground"
            >
              <Icon aria-hidden className="size-4" />
              {viewNames[v]}
            </Tabs.Trigger>
          )
        })}
      </Tabs.List>
      {views.includes('spin') && (
        <Tabs.Content value="spin" className="rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          <Suspense fallback={<ViewLoading controls />}>
            <Spinner frames={spinFrames(car)} title={title} hotspots={car.hotspots?.exterior} autoRotate={autoRotate} />
          </Suspense>
        </Tabs.Content>
      )}
      <Tabs.Content value="images" className="rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
        {gallery}
      </Tabs.Content>
      {views.includes('interior') && (
        <Tabs.Content value="interior" className="rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          <Suspense fallback={<ViewLoading />}>
            <InteriorView src={car.spin_interior_image} title={title} hotspots={car.hotspots?.interior} />
          </Suspense>
        </Tabs.Content>
      )}
    </Tabs.Root>
  )
}
