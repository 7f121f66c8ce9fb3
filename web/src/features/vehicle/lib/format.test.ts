// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { imageSrcSet, imageUrl } from './format'

describe('vehicle page picture addresses', () => {
  it('asks the image service for a width at quality 80', () => {
    expect(imageUrl('/img/cars/7/front.jpg', 800)).toBe('/img/cars/7/front.jpg?w=800&q=80')
    expect(imageUrl('/img/cars/7/front.jpg', 400, 60)).toBe('/img/cars/7/front.jpg?w=400&q=60')
  })

  it('sets the width of an address that already asks for one', () => {
    expect(imageUrl('/img/cars/7/front.jpg?w=200&q=75', 600)).toBe('/img/cars/7/front.jpg?w=600&q=80')
  })

  it('offers every width in a srcset', () => {
    expect(imageSrcSet('/img/cars/7/front.jpg', [400, 800])).toBe(
      '/img/cars/7/front.jpg?w=400&q=80 400w, /img/cars/7/front.jpg?w=800&q=80 800w',
    )
  })
})
