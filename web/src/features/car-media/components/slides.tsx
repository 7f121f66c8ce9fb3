import type { CarVideo, GalleryImage } from '../lib/media'

// Slide is one place in the gallery: a photo, the 'request photos' tile
// when there is no photo, or the video.
export type Slide =
  | { kind: 'image'; image: GalleryImage; n: number }
  | { kind: 'placeholder' }
  | { kind: 'video'; video: CarVideo }

export function buildSlides(images: readonly GalleryImage[], video: CarVideo | null): Slide[] {
  const slides: Slide[] = images.length > 0 ? images.map((image, i) => ({ kind: 'image', image, n: i + 1 })) : [{ kind: 'placeholder' }]
  if (video) slides.push({ kind: 'video', video })
  return slides
}

// slideLabel names a slide for screen readers: 'Image 3 of 12', 'Video'.
export function slideLabel(slide: Slide | undefined, imageCount: number): string {
  if (!slide) return ''
  if (slide.kind === 'image') return `Image ${slide.n} of ${imageCount}`
  if (slide.kind === 'video') return 'Video'
  return 'No photos yet'
}
