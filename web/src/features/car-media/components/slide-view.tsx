import { imageSrcSet, imageUrl, PRIORITY_IMAGES } from '../lib/media'
import { PhotosPlaceholder } from './photos-placeholder'
import type { Slide } from './slides'
import { VideoSlide } from './video-slide'

type Props = {
  slide: Slide
  title: string
  imageCount: number
  failed: boolean
  onFail: (url: string) => void
  onRequestPhotos?: () => void
  // The fullscreen view fits whole photos on a dark stage; the page crops
  // them to the 3:2 frame.
  fit: 'cover' | 'contain'
  sizes: string
  // eager forces this slide to load now (the one fullscreen opens on).
  eager?: boolean
}

// SlideView draws one slide's content. On the page the first 2 photos load
// at once (docs/behaviour/constants.md); only the first, the page's largest picture,
// is asked for with high priority, so the second, out of view until a
// swipe, does not compete with it. The rest wait until they come near the
// view.
export function SlideView({ slide, title, imageCount, failed, onFail, onRequestPhotos, fit, sizes, eager }: Props) {
  if (slide.kind === 'video') return <VideoSlide video={slide.video} title={title} eager={eager} />
  if (slide.kind === 'placeholder' || failed) return <PhotosPlaceholder onRequestPhotos={onRequestPhotos} />
  const { url } = slide.image
  const priority = eager ?? slide.n <= PRIORITY_IMAGES
  return (
    <img
      src={imageUrl(url, 1200)}
      srcSet={imageSrcSet(url)}
      sizes={sizes}
      alt={`${title}, image ${slide.n} of ${imageCount}`}
      width={1200}
      height={800}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={slide.n === 1 || eager ? 'high' : priority ? 'low' : 'auto'}
      decoding={slide.n === 1 ? 'sync' : 'async'}
      draggable={false}
      onError={() => onFail(url)}
      className={fit === 'cover' ? 'size-full object-cover' : 'size-full object-contain'}
    />
  )
}
