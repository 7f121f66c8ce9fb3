// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { pickFeatured } from './featured-stock'

// docs/behaviour/states.md#availability: featured cars on the home page are cars a
// visitor can buy now, in the listing's order.
describe('pickFeatured', () => {
  it('keeps the first in-stock cars, at most four', () => {
    const hits = ['sold', 'in_stock', 'coming_soon', 'in_stock', 'in_stock', 'in_stock', 'in_stock'].map((status, id) => ({ id, status }))
    expect(pickFeatured(hits).map((h) => h.id)).toEqual([1, 3, 4, 5])
  })
})
