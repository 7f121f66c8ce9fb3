// @vitest-environment node
import { describe, expect, it } from 'vitest'
import {
  bodyParam,
  bodyTypeOf,
  colourVariants,
  groupsByBody,
  orderNowHref,
  shownFeatures,
  sortColours,
  variantLayout,
  variantsHeading,
  wrapIndex,
} from './rules'

describe('variant list (docs/behaviour/screens.md#model-pages; docs/behaviour/constants.md#lists)', () => {
  it.each([
    [1, false, false],
    [2, false, false],
    [3, true, false],
    [4, true, true],
    [5, true, true],
  ])('%i variants: slider %s (more than 2), arrows %s (from 4)', (n, slider, arrows) => {
    expect(variantLayout(n)).toEqual({ slider, arrows })
  })

  it.each([
    [0, 'HiAce Features'],
    [1, 'HiAce Features'],
    [2, 'Which HiAce will you choose?'],
    [5, 'Which HiAce will you choose?'],
  ])('%i variants read %s', (n, heading) => {
    expect(variantsHeading('HiAce', n)).toBe(heading)
  })

  it('a variant card shows 8 features until view more (docs/behaviour/states.md)', () => {
    const f = Array.from({ length: 11 }, (_, i) => `f${i}`)
    expect(shownFeatures(f, false)).toHaveLength(8)
    expect(shownFeatures(f, true)).toHaveLength(11)
    expect(shownFeatures(f.slice(0, 5), false)).toHaveLength(5)
  })
})

describe('colour viewer (docs/behaviour/states.md#model-colour-viewer)', () => {
  const c = (name: string, variant: string, oem = '040') => ({ name, model_variant_name: variant, oem_id: oem })

  it('variants are the distinct model_variant_name values, in the variants list order when given', () => {
    const colours = [c('Red', 'SR5'), c('Blue', 'Workmate'), c('White', 'SR5'), c('Grey', 'Rogue')]
    expect(colourVariants(colours)).toEqual(['SR5', 'Workmate', 'Rogue'])
    expect(colourVariants(colours, [{ name: 'Rogue' }, { name: 'Workmate' }, { name: 'SR5' }])).toEqual(['Rogue', 'Workmate', 'SR5'])
    // A name the list lacks follows the listed ones.
    expect(colourVariants(colours, [{ name: 'Workmate' }])).toEqual(['Workmate', 'SR5', 'Rogue'])
  })

  it.each([
    ['SR5 Dual Cab', '', 'dual_cab'],
    ['Workmate Extra Cab', '', 'extra_cab'],
    ['Workmate Single Cab', '', 'single_cab'],
    ['GT 2-Door', '', '2_door'],
    ['Ascent Sport', 'Hatch', 'hatch'],
    ['Ascent Sport', 'SUV', ''],
  ])('%s (model body %s) is body type %s', (name, fallback, want) => {
    expect(bodyTypeOf(name, fallback)).toBe(want)
  })

  it('colours sort by body-type rank, then name; colours without oem_id go last', () => {
    const sorted = sortColours([
      c('Zinc', 'Workmate Single Cab'),
      c('Attitude Black', 'SR5 Extra Cab'),
      c('Crystal Pearl', 'SR Dual Cab', ''),
      c('Eclipse', 'SR Dual Cab'),
      c('Arctic', 'SR Dual Cab'),
      c('Oxide', 'Sedan GX'),
      c('Ink', 'Wagon GX'),
    ])
    expect(sorted.map((x) => x.name)).toEqual(['Ink', 'Oxide', 'Arctic', 'Eclipse', 'Attitude Black', 'Zinc', 'Crystal Pearl'])
  })

  it('groups by body type with 3 or more body types and more than 15 colours', () => {
    const three = ['A Dual Cab', 'B Extra Cab', 'C Single Cab']
    const colours = (n: number, variants: string[]) => Array.from({ length: n }, (_, i) => c(`c${i}`, variants[i % variants.length]!))
    expect(groupsByBody(colours(16, three))).toBe(true)
    expect(groupsByBody(colours(15, three))).toBe(false)
    expect(groupsByBody(colours(20, three.slice(0, 2)))).toBe(false)
  })

  it.each([
    [0, 1, 3, 1],
    [2, 1, 3, 0],
    [0, -1, 3, 2],
    [1, -1, 3, 0],
    [0, 1, 1, 0],
  ])('arrows wrap around: from %i by %i of %i is %i', (i, step, n, want) => {
    expect(wrapIndex(i, step, n)).toBe(want)
  })
})

describe('model links (docs/behaviour/screens.md#routes)', () => {
  it.each([
    ['SUV', 'suv'],
    ['People Mover', 'people-mover'],
    ['Cab & Chassis', 'cab-chassis'],
  ])('/models?body= of %s is %s', (body, want) => {
    expect(bodyParam(body)).toBe(want)
  })

  it('order now carries model_id, model_name and the encoded full name', () => {
    const href = orderNowHref({ slug: 'landcruiser-300', name: 'LandCruiser 300' }, 'Toyota LandCruiser 300 GR Sport & Co')
    expect(href).toBe('/models/order-now?model_id=landcruiser-300&model_name=LandCruiser%20300&vehicle=Toyota%20LandCruiser%20300%20GR%20Sport%20%26%20Co')
    const q = new URL(href, 'http://x').searchParams
    expect(q.get('vehicle')).toBe('Toyota LandCruiser 300 GR Sport & Co')
  })
})
