export { CarMedia, type CarMediaProps } from './components/car-media'
export {
  AUTO_ROTATE_INTERVAL_MS,
  PRIORITY_IMAGES,
  SPIN_SENSITIVITY_PX,
  THUMBNAILS_ABOVE_IMAGES,
  VIDEO_EMBED_PREFIX,
  isPlaceholderImage,
} from './lib/media'
export type { AutoRotate } from './lib/use-spinner'
export type { MediaCar, MediaSite } from './types'
