// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { mediaCarFixture, spinFrameUrls } from '../media-car-fixture'
import {
  availableViews,
  carVideo,
  defaultView,
  frameAfterDrag,
  frameAngle,
  galleryImages,
  hotspotsAt,
  imageUrl,
  isPlaceholderImage,
  showThumbnails,
  SPIN_SENSITIVITY_PX,
  AUTO_ROTATE_INTERVAL_MS,
  VIDEO_EMBED_PREFIX,
} from './media'

const site = (spinner: boolean, gallery: boolean) => ({ features: { spinner, default_view_gallery: gallery } })

describe('thumbnails rule (docs/behaviour/screens.md#gallery; docs/behaviour/constants.md#thumbnails: thumbnails need more than 3 images)', () => {
  it.each([
    ['in_stock', 3, false],
    ['in_stock', 4, true],
    ['in_stock', 20, true],
    ['in_stock', 0, false],
    ['coming_soon', 12, false],
    ['sold', 12, false],
  ])('%s with %i images → %s', (status, n, want) => {
    expect(showThumbnails(status, n)).toBe(want)
  })
})

describe('drag sensitivity (docs/behaviour/constants.md: sensitivity default 20 px)', () => {
  it('uses 20 px and 100 ms', () => {
    expect(SPIN_SENSITIVITY_PX).toBe(20)
    expect(AUTO_ROTATE_INTERVAL_MS).toBe(100)
  })
  it.each([
    [0, 0, 0],
    [0, -19, 0], // less than one step: no turn
    [0, -20, 1],
    [0, -59, 2],
    [0, 20, 35], // back past frame 0 wraps to the last frame
    [5, 40, 3],
    [35, -20, 0], // forward past the last frame wraps to the first
    [0, -20 * 36, 0], // a whole turn of drag comes back round
    [10, -20 * 40, 14],
  ])('from frame %i a drag of %i px over 36 frames → frame %i', (start, dx, want) => {
    expect(frameAfterDrag(start, dx, 36)).toBe(want)
  })
  it('honours another sensitivity', () => {
    expect(frameAfterDrag(0, -30, 36, 10)).toBe(3)
  })
  it('gives each frame its angle', () => {
    expect(frameAngle(0, 36)).toBe(0)
    expect(frameAngle(9, 36)).toBe(90)
    expect(frameAngle(35, 36)).toBe(350)
  })
})

describe('views and default view (docs/behaviour/screens.md and docs/behaviour/states.md, Car views)', () => {
  it('offers Spin only with frames and Interior only with an interior address', () => {
    expect(availableViews(mediaCarFixture())).toEqual(['images'])
    expect(availableViews(mediaCarFixture({ spin_images: spinFrameUrls() }))).toEqual(['spin', 'images'])
    expect(availableViews(mediaCarFixture({ spin_images: spinFrameUrls(), spin_interior_image: '/img/interior/7/000000.jpg' }))).toEqual([
      'spin',
      'images',
      'interior',
    ])
    expect(availableViews(mediaCarFixture({ spin_images: [], spin_interior_image: '/img/interior/7/000000.jpg' }))).toEqual(['images', 'interior'])
  })
  it('opens on the spinner with frames and the spinner switch, on the gallery otherwise', () => {
    const spinning = mediaCarFixture({ spin_images: spinFrameUrls() })
    expect(defaultView(spinning, site(true, false))).toBe('spin')
    expect(defaultView(spinning, site(false, false))).toBe('images')
    expect(defaultView(spinning, site(true, true))).toBe('images')
    expect(defaultView(mediaCarFixture(), site(true, false))).toBe('images')
  })
})

describe('video slide choice (docs/behaviour/screens.md#video)', () => {
  it('embeds addresses with the video site embed prefix, plays any other as a file', () => {
    expect(carVideo(mediaCarFixture({ video_url: `${VIDEO_EMBED_PREFIX}abcdefghijk` }))).toEqual({ kind: 'embed', url: `${VIDEO_EMBED_PREFIX}abcdefghijk` })
    expect(carVideo(mediaCarFixture({ video_url: '/media/demo.mp4' }))).toEqual({ kind: 'file', url: '/media/demo.mp4' })
    // A watch page of the same site is not the embed address.
    expect(carVideo(mediaCarFixture({ video_url: 'https://www.youtube.com/watch?v=abc' }))?.kind).toBe('file')
    expect(carVideo(mediaCarFixture({ external_video_url: `${VIDEO_EMBED_PREFIX}x` }))?.kind).toBe('embed')
    expect(carVideo(mediaCarFixture())).toBeNull()
  })
})

describe('image fallback (docs/behaviour/errors.md: a default or placeholder image is replaced)', () => {
  it.each([
    ['', true],
    ['   ', true],
    ['/uploads/placeholder.jpg', true],
    ['https://cdn.example.com/stock/default.png', true],
    ['/images/no-image.jpg', true],
    ['/images/noimage.jpg', true],
    ['/images/no_photo.png', true],
    ['/images/car-placeholder-large.jpg', true],
    ['/img/car/7/suv/ffffff/0.jpg', false],
    ['/uploads/defaulter-ute.jpg', false],
    ['/uploads/2022-default-colours/front.jpg', false],
  ])('%j → %s', (url, want) => {
    expect(isPlaceholderImage(url)).toBe(want)
  })
  it('drops placeholders from the gallery and keeps the real photos', () => {
    const car = mediaCarFixture({ imageCount: 2 })
    const imgs = galleryImages({ ...car, images: [{ url: '/x/placeholder.jpg', thumb: { url: '' } }, ...(car.images ?? [])] })
    expect(imgs.map((i) => i.url)).toEqual(car.images?.map((i) => i.url))
    expect(galleryImages({ images: null, primary_image_url: '/stock/default.jpg' })).toEqual([])
    expect(galleryImages({ images: null, primary_image_url: '/img/car/1/suv/ffffff/0.jpg' })).toHaveLength(1)
  })
})

describe('image addresses (docs/behaviour/calls.md: width and quality parameters)', () => {
  it('sets w and q, replacing any given', () => {
    expect(imageUrl('/img/car/1/suv/ffffff/0.jpg', 900)).toBe('/img/car/1/suv/ffffff/0.jpg?w=900&q=75')
    expect(imageUrl('/img/car/1/suv/ffffff/0.jpg?w=200', 240)).toBe('/img/car/1/suv/ffffff/0.jpg?w=240&q=75')
    expect(imageUrl('https://cdn.example.com/a.jpg', 600, 80)).toBe('https://cdn.example.com/a.jpg?w=600&q=80')
  })
})

describe('hotspots by angle', () => {
  const spots = [
    { description: 'LED headlights', anchor: 'front', positions: [{ angle: 0, x: 28, y: 46 }, { angle: 35, x: 26, y: 47 }] },
    { description: 'Tow bar', anchor: 'rear', positions: [{ angle: 18, x: 50, y: 164 }] },
  ]
  it('shows a hotspot only at the angles it has a position for', () => {
    expect(hotspotsAt(spots, 0).map((s) => [s.description, s.x, s.y])).toEqual([['LED headlights', 28, 46]])
    expect(hotspotsAt(spots, 35).map((s) => s.x)).toEqual([26])
    expect(hotspotsAt(spots, 5)).toEqual([])
    // A position off the picture is kept on it.
    expect(hotspotsAt(spots, 18)[0]?.y).toBe(100)
    expect(hotspotsAt(undefined, 0)).toEqual([])
  })
})
