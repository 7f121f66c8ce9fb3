import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

// MediaCar is the part of a car (GET /api/cars/{slug}, or a search hit) that
// the media block reads, so the vehicle page can pass either shape.
export type MediaCar = Pick<
  Schemas['Car'],
  | 'id'
  | 'slug'
  | 'name'
  | 'year'
  | 'make'
  | 'model'
  | 'status'
  | 'images'
  | 'primary_image_url'
  | 'spin_images'
  | 'spin_interior_image'
  | 'spin_code'
  | 'hotspots'
  | 'video_url'
  | 'external_video_url'
>

export type Hotspot = Schemas['Hotspot']
export type HotspotPosition = Schemas['HotspotPosition']

// MediaSite is the part of the site config the media block reads.
export type MediaSite = { features: Pick<Schemas['Site']['features'], 'spinner' | 'default_view_gallery'> }
