// @vitest-environment node
import { describe, expect, it } from 'vitest'
import raw from '../../../internal/media/testdata/image-vectors.json?raw'
import { imageUrl, imageWidthUrl, isServiceImage, sizedImage, sizedSrcSet } from './image'

// The shared vectors: the image service's tests (internal/media) check that
// it draws each of these addresses at the width and quality asked.
interface ImageVectors {
  sized: { name: string; src: string; width: number; quality: number; want: string }[]
}
const vectors = JSON.parse(raw) as ImageVectors

describe('image addresses shared with the image service', () => {
  it('has addresses of the service and others', () => {
    expect(new Set(vectors.sized.map((c) => isServiceImage(c.want)))).toEqual(new Set([true, false]))
  })

  it.each(vectors.sized.map((c) => [c.name, c] as const))('%s', (_, c) => {
    expect(sizedImage(c.src, c.width, c.quality)).toBe(c.want)
    if (isServiceImage(c.src)) expect(imageUrl(c.src, c.width, c.quality)).toBe(c.want)
  })
})

describe('sized images', () => {
  it('asks the image service for a width and quality', () => {
    expect(sizedImage('/img/car/1/suv/ffffff/0.jpg', 400)).toBe('/img/car/1/suv/ffffff/0.jpg?w=400&q=75')
    expect(sizedImage('/img/banner/1/d71920.jpg?w=1600', 600, 80)).toBe('/img/banner/1/d71920.jpg?w=600&q=80')
    expect(sizedSrcSet('/img/map/3.jpg', [300, 600])).toBe('/img/map/3.jpg?w=300&q=75 300w, /img/map/3.jpg?w=600&q=75 600w')
  })

  it('leaves any other address as given, with no srcset', () => {
    for (const src of ['https://cdn.example/a.jpg', '/uploads/promo.png', 'data:image/png;base64,AAAA']) {
      expect(sizedImage(src, 400)).toBe(src)
      expect(sizedSrcSet(src, [400, 800])).toBeUndefined()
    }
  })
})

describe('a width alone', () => {
  it('asks for the width at the image service\'s default quality', () => {
    expect(imageWidthUrl('/img/car/1/ute/ffffff/0.jpg', 900)).toBe('/img/car/1/ute/ffffff/0.jpg?w=900')
    expect(imageWidthUrl('/img/make/land-rover.png', 160)).toBe('/img/make/land-rover.png?w=160')
    expect(imageWidthUrl('https://cdn.example/hilux.jpg', 600)).toBe('https://cdn.example/hilux.jpg?w=600')
  })

  it('replaces a width or quality already asked for', () => {
    expect(imageWidthUrl('/img/location/3.jpg?w=200', 800)).toBe('/img/location/3.jpg?w=800')
    expect(imageWidthUrl('/img/map/3.jpg?w=300&q=80', 600)).toBe('/img/map/3.jpg?w=600')
  })
})
