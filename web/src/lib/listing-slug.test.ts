// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { listingSlug } from './listing-slug'

describe('listingSlug', () => {
  it.each([
    ['Land Rover', 'land-rover'],
    ['CX-5', 'cx-5'],
    ['new', 'new'],
    ["Ute & Cab Chassis", 'ute-cab-chassis'],
    ["Driver's Pick", 'drivers-pick'],
    ['Citroën C5 Aircross', 'citroën-c5-aircross'],
    ['  Mercedes-Benz  GLC 300 ', 'mercedes-benz-glc-300'],
    ['Māori Ōtautahi', 'māori-ōtautahi'],
    ['', ''],
  ])('writes %j as %j', (value, slug) => {
    expect(listingSlug(value)).toBe(slug)
  })
})
