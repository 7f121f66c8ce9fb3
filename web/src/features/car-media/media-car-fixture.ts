import type { MediaCar } from './types'

// mediaCarFixture is a car shaped like GET /api/cars/{slug} answers it (the
// media fields), with n photos drawn by the image service, for tests.
export function mediaCarFixture(overrides: Partial<MediaCar> & { imageCount?: number } = {}): MediaCar {
  const { imageCount = 12, ...rest } = overrides
  const id = rest.id ?? 7
  const images = Array.from({ length: imageCount }, (_, i) => {
    const url = `/img/car/${id}/suv/ffffff/${Math.round((i * 360) / imageCount)}.jpg`
    return { url, thumb: { url: `${url}?w=200` } }
  })
  return {
    id,
    slug: `2022-toyota-rav4-${id}`,
    name: '2022 Toyota RAV4 GX',
    year: 2022,
    make: 'Toyota',
    model: 'RAV4',
    status: 'in_stock',
    images,
    primary_image_url: images[0]?.url ?? '',
    spin_images: null,
    spin_interior_image: '',
    spin_code: '',
    video_url: '',
    external_video_url: '',
    ...rest,
  }
}

// spinFrameUrls are 36 frames, one per 10 degrees, as the demo stock has.
export function spinFrameUrls(id = 7, count = 36): string[] {
  return Array.from({ length: count }, (_, i) => `/img/car/${id}/suv/ffffff/${(i * 360) / count}.jpg`)
}
