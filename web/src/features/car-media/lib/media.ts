import { IMAGE_QUALITY, imageUrl } from '@/lib/image'
import type { Hotspot, MediaCar, MediaSite } from '../types'

// docs/behaviour/constants.md: thumbnails need more than 3 images; the first 2 images
// load with priority.
export const THUMBNAILS_ABOVE_IMAGES = 3
export const PRIORITY_IMAGES = 2

// docs/behaviour/constants.md, Spinner: sensitivity 20 px of drag per frame;
// auto-rotate steps one frame every 100 ms.
export const SPIN_SENSITIVITY_PX = 20
export const AUTO_ROTATE_INTERVAL_MS = 100

// docs/behaviour/screens.md#video: an address starting with the video site's
// embed prefix plays in that site's embedded player. The prefix is fixed by
// the spec, not dealer configuration.
export const VIDEO_EMBED_PREFIX = 'https://www.youtube.com/embed/'

// docs/behaviour/calls.md: images come in a 3:2 frame (600x400 for car images) with
// width and quality parameters, quality 75 by default (lib/image).
export { IMAGE_QUALITY }
export const IMAGE_RATIO = 2 / 3

// Steps close enough that a phone (about 720 device pixels), a laptop's
// 860 px column and a high-density screen each get little more than they
// show. The server's preload offers the same (internal/sitepages/preload.go).
export const galleryWidths = [400, 600, 800, 1000, 1200, 1600] as const

// imageUrl asks the image service for a width and quality (lib/image).
export { imageUrl }

export function imageSrcSet(src: string, widths: readonly number[] = galleryWidths): string {
  return widths.map((w) => `${imageUrl(src, w)} ${w}w`).join(', ')
}

// docs/behaviour/errors.md, Image fallback: a dealer feed's default or placeholder
// picture stands for "no photo", so it is replaced by the 'request photos'
// tile. Such pictures are known by their file name.
const placeholderName = /(^|[-_.])(placeholder|default|no-?image|no-?photos?|image-?coming-?soon|photos?-?coming-?soon)([-_.]|$)/i

export function isPlaceholderImage(src: string | null | undefined): boolean {
  if (!src || !src.trim()) return true
  let path = src
  try {
    path = new URL(src, 'http://local.invalid').pathname
  } catch {
    // keep the raw address
  }
  const name = path.split('/').filter(Boolean).pop() ?? ''
  return placeholderName.test(name.replace(/_/g, '-'))
}

export type GalleryImage = { url: string; thumb: string }

// galleryImages lists the car's real photos: placeholders dropped, the
// primary image standing in when the feed gave no list.
export function galleryImages(car: Pick<MediaCar, 'images' | 'primary_image_url'>): GalleryImage[] {
  const list = (car.images ?? [])
    .filter((im) => !isPlaceholderImage(im.url))
    .map((im) => ({ url: im.url, thumb: im.thumb?.url && !isPlaceholderImage(im.thumb.url) ? im.thumb.url : im.url }))
  if (list.length === 0 && !isPlaceholderImage(car.primary_image_url)) {
    return [{ url: car.primary_image_url, thumb: car.primary_image_url }]
  }
  return list
}

// docs/behaviour/screens.md and docs/behaviour/constants.md: thumbnails only when the car is in stock and has
// more than 3 images.
export function showThumbnails(status: string, imageCount: number): boolean {
  return status === 'in_stock' && imageCount > THUMBNAILS_ABOVE_IMAGES
}

// The car's views (docs/behaviour/states.md#car-views).
export type MediaView = 'spin' | 'images' | 'interior'

export function spinFrames(car: Pick<MediaCar, 'spin_images'>): string[] {
  return (car.spin_images ?? []).filter((u) => typeof u === 'string' && u.trim() !== '')
}

// availableViews: Images always; Spin with frames; Interior only when an
// interior address exists (docs/behaviour/screens.md).
export function availableViews(car: Pick<MediaCar, 'spin_images' | 'spin_interior_image'>): MediaView[] {
  const views: MediaView[] = []
  if (spinFrames(car).length > 0) views.push('spin')
  views.push('images')
  if (car.spin_interior_image.trim() !== '') views.push('interior')
  return views
}

// defaultView: the spinner when the car has frames and the site turns the
// spinner on; the gallery for a site that asks for it (docs/behaviour/screens.md:
// "The default view is spinner, or gallery for one tenant").
export function defaultView(car: Pick<MediaCar, 'spin_images'>, site: MediaSite): MediaView {
  if (site.features.default_view_gallery) return 'images'
  if (site.features.spinner && spinFrames(car).length > 0) return 'spin'
  return 'images'
}

// mod is a remainder that stays in [0, n) for negative numbers too.
export function mod(a: number, n: number): number {
  return n <= 0 ? 0 : ((a % n) + n) % n
}

// frameAfterDrag: every `sensitivity` px of horizontal drag turns the car one
// frame (docs/behaviour/states.md and docs/behaviour/constants.md); dragging left turns to the next frames,
// as if pushing the car round, and the frames wrap round the full turn.
export function frameAfterDrag(startFrame: number, dx: number, frameCount: number, sensitivity = SPIN_SENSITIVITY_PX): number {
  const steps = Math.trunc(-dx / sensitivity)
  return mod(startFrame + steps, frameCount)
}

// frameAngle is the frame's angle in degrees round the car.
export function frameAngle(frame: number, frameCount: number): number {
  return frameCount > 0 ? Math.round((mod(frame, frameCount) * 360) / frameCount) : 0
}

export type PlacedHotspot = { key: string; description: string; x: number; y: number }

// hotspotsAt places the hotspots seen at one frame: a hotspot shows where it
// has a position for that angle (frame index), and not elsewhere.
export function hotspotsAt(hotspots: readonly Hotspot[] | undefined, frame: number): PlacedHotspot[] {
  const out: PlacedHotspot[] = []
  ;(hotspots ?? []).forEach((h, i) => {
    const p = h.positions?.find((pos) => pos.angle === frame)
    if (p && h.description) out.push({ key: `${i}-${h.anchor ?? ''}`, description: h.description, x: clampPct(p.x), y: clampPct(p.y) })
  })
  return out
}

function clampPct(v: number): number {
  return Number.isFinite(v) ? Math.min(100, Math.max(0, v)) : 50
}

export type CarVideo = { kind: 'embed' | 'file'; url: string }

// carVideo picks the video slide: the car's own video address, else the
// external one; the embed prefix decides embedded player or plain video.
export function carVideo(car: Pick<MediaCar, 'video_url' | 'external_video_url'>): CarVideo | null {
  const url = (car.video_url || car.external_video_url || '').trim()
  if (!url) return null
  return { kind: url.startsWith(VIDEO_EMBED_PREFIX) ? 'embed' : 'file', url }
}

// spinFrameWidth picks one rendition width for every frame (they are all
// preloaded, so one size): small phones need less than desktops.
export function spinFrameWidth(viewportWidth: number): number {
  return viewportWidth < 640 ? 600 : 900
}

export function carTitle(car: Pick<MediaCar, 'year' | 'make' | 'model' | 'name'>): string {
  return [car.year || '', car.make, car.model].filter(Boolean).join(' ') || car.name
}
