import { describe, expect, it } from 'vitest'
import { sizedImage, sizedSrcSet } from './image'

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
