import { describe, expect, it } from 'vitest'
import type { SearchState } from '../api/get-search'
import { searchQuery } from '@/lib/queries'
import { visitOffset, withPromos } from '../components/result-grid'
import { pageList } from '../components/pagination'
import { orderCarTypes, splitMakes } from './facets'
import {
  allCarsPath,
  clearNear,
  clearRefinement,
  emptyState,
  listingHref,
  pathRefinements,
  queryString,
  readUrlState,
  refusedMessage,
  setNear,
  setPriceRange,
  toggleRefinement,
  usedCarListing,
  withoutRefused,
} from './search-url'

describe('a refused listing address', () => {
  it('names each part for a buyer', () => {
    expect(refusedMessage('range[price]', 'must be min:max, for example 5000:30000')).toBe(
      'The price range in this address cannot be used: must be min:max, for example 5000:30000.',
    )
    expect(refusedMessage('range[km]', '"abc" is not a number.')).toBe('The kilometres range in this address cannot be used: "abc" is not a number.')
    expect(refusedMessage('refinementList[make]', 'too many values')).toBe('The make filter in this address cannot be used: too many values.')
    expect(refusedMessage('sortBy', 'unknown sort')).toBe('The sort order in this address cannot be used: unknown sort.')
  })
  it('drops only the refused parts', () => {
    const s = state({ text: 'tray', page: 3, sort: 'price_asc', refinements: { make: ['Toyota'], body: ['Ute'] }, ranges: { price: { min: 1 }, km: { max: 2 } } })
    expect(withoutRefused(s, ['range[price]', 'refinementList[body]'])).toEqual(
      state({ text: 'tray', page: 1, sort: 'price_asc', refinements: { make: ['Toyota'] }, ranges: { km: { max: 2 } } }),
    )
    expect(withoutRefused(s, ['query', 'sortBy'])).toMatchObject({ text: '', sort: '', page: 1 })
  })
})

const state = (over: Partial<SearchState> = {}): SearchState => ({ text: '', page: 1, sort: '', refinements: {}, ranges: {}, ...over })

describe('listing URL state (docs/behaviour/screens.md, Search listing URL query parameters)', () => {
  it('reads query, page, sortBy, refinementList and range', () => {
    const s = readUrlState('?query=%20hilux%20&page=3&sortBy=price_asc&refinementList[make][0]=Toyota&refinementList%5Bmake%5D%5B1%5D=Mazda&range[price]=5000:30000&range[km]=:50000')
    expect(s).toEqual({
      text: 'hilux',
      page: 3,
      sort: 'price_asc',
      refinements: { make: ['Toyota', 'Mazda'] },
      ranges: { price: { min: 5000, max: 30000 }, km: { max: 50000 } },
    })
  })

  it('drops control characters, which no filter or word holds', () => {
    const s = readUrlState('?query=hi%00lux&refinementList[make][0]=%00&refinementList[make][1]=Toy%0Aota&postcode=40%1F06')
    expect(s.text).toBe('hilux')
    expect(s.refinements).toEqual({ make: ['Toyota'] })
    expect(s.postcode).toBe('4006')
  })

  it('writes the state back in the server canonical order, brackets literal', () => {
    const s = state({ text: 'ute 4x4', page: 2, sort: 'price_desc', refinements: { model: ['Hilux'], make: ['Toyota', 'Mazda'] }, ranges: { price: { min: 5000, max: 30000 } } })
    expect(queryString(s)).toBe(
      '?query=ute%204x4&refinementList[make][0]=Toyota&refinementList[make][1]=Mazda&refinementList[model][0]=Hilux&range[price]=5000:30000&sortBy=price_desc&page=2',
    )
    expect(readUrlState(queryString(s))).toEqual(s)
    expect(queryString(state())).toBe('')
  })

  it('passes the page query straight through to the API with the path', () => {
    expect(searchQuery('/search/used-cars', '?refinementList[make][0]=Toyota')).toBe('path=%2Fsearch%2Fused-cars&refinementList[make][0]=Toyota')
    expect(searchQuery('/search/new-used-and-demo-cars/', '')).toBe('path=%2Fsearch%2Fnew-used-and-demo-cars%2F')
  })

  it('finds the filters the path implies', () => {
    expect(pathRefinements({ car_type: ['used'], make: ['Toyota', 'Mazda'] }, { make: ['mazda'] })).toEqual({ car_type: ['used'], make: ['Toyota'] })
  })

  // docs/behaviour/screens.md#routes: the listing path is derived from the filters,
  // spelled as the server's canonical URL (internal/search/url.go).
  const places = {
    dealerships: [{ slug: 'summit-ford', name: 'Summit Ford' }],
    locations: [{ slug: 'summit-kia-maroochydore', name: 'Summit Kia Maroochydore' }],
  }
  it.each([
    [{}, allCarsPath],
    [{ make: ['Toyota'] }, '/search/toyota'],
    [{ make: ['Toyota'], model: ['HiLux'] }, '/search/toyota/hilux'],
    [{ car_type: ['used'], make: ['Land Rover'], model: ['Range Rover'] }, '/search/used-cars/land-rover/range-rover'],
    [{ car_type: ['demo', 'new'] }, '/search/new-and-demo-cars'],
    [{ car_type: ['used', 'new'] }, `${allCarsPath}?refinementList[car_type][0]=used&refinementList[car_type][1]=new`],
    [{ body: ['People Mover'] }, '/search/people-mover'],
    [{ model: ['HiLux'] }, `${allCarsPath}?refinementList[model][0]=HiLux`],
    [{ dealership_name: ['Summit Ford'] }, '/search/summit-ford'],
    [{ location_name: ['Summit Kia Maroochydore'] }, '/search/summit-kia-maroochydore'],
    [{ city: ['Noosa'] }, '/search/noosa'],
    [{ make: ['Toyota', 'Mazda'], colour: ['White'] }, `${allCarsPath}?refinementList[colour][0]=White&refinementList[make][0]=Toyota&refinementList[make][1]=Mazda`],
    [{ car_type: ['used'], make: ['Kia'], body: ['SUV'], city: ['Maroochydore'], colour: ['Red'] }, '/search/used-cars/kia/suv/maroochydore?refinementList[colour][0]=Red'],
  ])('writes %j as %s', (refinements, href) => {
    expect(listingHref(state({ refinements }), places)).toBe(href)
  })

  it('keeps text, ranges, sort and page in the query string', () => {
    const s = state({ text: 'tray', page: 2, sort: 'price_asc', refinements: { make: ['Toyota'] }, ranges: { price: { max: 30000 } } })
    expect(listingHref(s, places)).toBe('/search/toyota?query=tray&range[price]=:30000&sortBy=price_asc&page=2')
  })

  it('drops a filter of the path by moving to the path of what is left', () => {
    const s = state({ refinements: { make: ['Toyota'], model: ['HiLux'], car_type: ['used'] } })
    expect(listingHref(toggleRefinement(s, 'make', 'Toyota'), places)).toBe('/search/used-cars')
    expect(listingHref(toggleRefinement(s, 'model', 'HiLux'), places)).toBe('/search/used-cars/toyota')
  })

  it('reads /used-car/… as its listing (docs/behaviour/screens.md: the breadcrumb link base)', () => {
    expect(usedCarListing('')).toBe('/search/used-cars')
    expect(usedCarListing('toyota/hilux/')).toBe('/search/used-cars/toyota/hilux')
    expect(usedCarListing('new-cars/ford')).toBe('/search/new-cars/ford')
  })

  it('goes back to page 1 on a new filter and clears the model with its make', () => {
    const s = state({ page: 4, refinements: { make: ['Toyota'], model: ['Hilux'] } })
    expect(toggleRefinement(s, 'make', 'Toyota')).toEqual(state({ refinements: {} }))
    expect(clearRefinement(s, 'make').refinements).toEqual({})
    expect(toggleRefinement(s, 'make', 'Mazda')).toMatchObject({ page: 1, refinements: { make: ['Toyota', 'Mazda'], model: ['Hilux'] } })
  })

  it('keeps a default-city site on every city once its city chip is taken away (docs/behaviour/screens.md#search-url)', () => {
    const brisbane = { ...places, defaultCity: 'Brisbane' }
    const s = state({ refinements: { car_type: ['used'], city: ['Brisbane'] } })
    expect(listingHref(s, brisbane)).toBe('/search/used-cars/brisbane')
    const anyCity = toggleRefinement(s, 'city', 'Brisbane')
    expect(listingHref(anyCity, brisbane)).toBe('/search/used-cars?city=any')
    expect(listingHref(clearRefinement(s, 'city'), brisbane)).toBe('/search/used-cars?city=any')
    expect(listingHref(emptyState(s), brisbane)).toBe('/search/new-used-and-demo-cars/?city=any')
    // The mark stays through other filters, and reads back from the URL.
    expect(listingHref(toggleRefinement(anyCity, 'make', 'Toyota'), brisbane)).toBe('/search/used-cars/toyota?city=any')
    expect(readUrlState('?city=ANY').any_city).toBe(true)
    // Choosing a city again drops it.
    expect(listingHref(toggleRefinement(anyCity, 'city', 'Brisbane'), brisbane)).toBe('/search/used-cars/brisbane')
    // A site without a default city never writes it.
    expect(listingHref(anyCity, places)).toBe('/search/used-cars')
  })

  it('keeps a distance search in the URL in the server order, and drops nearest first with it (docs/behaviour/http.md#distance)', () => {
    const near = setNear(state({ page: 3, sort: 'distance_asc', refinements: { make: ['Toyota'] } }), '4558', 25)
    expect(near).toMatchObject({ page: 1, postcode: '4558', distance: 25 })
    expect(listingHref(near, places)).toBe('/search/toyota?postcode=4558&distance=25&sortBy=distance_asc')
    expect(readUrlState('?postcode=4558&distance=25&sortBy=distance_asc')).toMatchObject({ postcode: '4558', distance: 25, sort: 'distance_asc' })
    const cleared = clearNear(near)
    expect(cleared.postcode).toBeUndefined()
    expect(cleared.sort).toBe('')
    expect(listingHref(cleared, places)).toBe('/search/toyota')
    expect(emptyState(near)).toMatchObject({ sort: '', refinements: {} })
    expect(emptyState(near).postcode).toBeUndefined()
    // A distance without a postcode is not written.
    expect(queryString(state({ distance: 25 }))).toBe('')
  })

  it('leaves the sort alone when the price range is set', () => {
    expect(setPriceRange(state(), 10000, 40000)).toMatchObject({ sort: '', page: 1, ranges: { price: { min: 10000, max: 40000 } } })
    expect(setPriceRange(state({ sort: 'km_asc' }), 10000, 40000).sort).toBe('km_asc')
  })
})

describe('facets (docs/behaviour/constants.md, Facets)', () => {
  const mk = (label: string, count: number) => ({ label, value: label, count })

  it('splits makes into the first 20 by count and all makes alphabetically', () => {
    const makes = Array.from({ length: 25 }, (_, i) => mk(`Make ${String.fromCharCode(90 - i)}`, 100 - i))
    const { popular, all } = splitMakes(makes)
    expect(popular).toHaveLength(20)
    expect(popular[0]?.label).toBe('Make Z')
    expect(popular.map((m) => m.label)).not.toContain('Make B')
    expect(all).toHaveLength(25)
    expect(all[0]?.label).toBe('Make B')
  })

  it('orders car types new, demo, used', () => {
    expect(orderCarTypes([mk('used', 9), mk('new', 1), mk('demo', 5)]).map((v) => v.value)).toEqual(['new', 'demo', 'used'])
  })
})

describe('grid', () => {
  const hit = (id: number) => ({ id }) as never
  it('puts a promo at position p as grid place p', () => {
    const tiles = withPromos([1, 2, 3, 4, 5, 6].map(hit), [
      { position: 10, random_offset: 0, title: 'T10', text: '', href: '/x', image: '' },
      { position: 5, random_offset: 0, title: 'T5', text: '', href: '/y', image: '' },
    ])
    expect(tiles.map((t) => (t.kind === 'promo' ? t.promo.title : (t.hit as { id: number }).id))).toEqual([1, 2, 3, 4, 'T5', 5, 6])
  })

  it('moves a promo by its drawn random offset, never past its bound (docs/behaviour/constants.md: 0–2)', () => {
    const asked: number[] = []
    const tiles = withPromos([1, 2, 3, 4, 5, 6].map(hit), [{ position: 2, random_offset: 2, title: 'P', text: '', href: '/p', image: '' }], (_, max) => {
      asked.push(max)
      return max
    })
    expect(asked).toEqual([2])
    expect(tiles.map((t) => (t.kind === 'promo' ? t.promo.title : (t.hit as { id: number }).id))).toEqual([1, 2, 3, 'P', 4, 5, 6])
  })

  it('keeps the drawn offset of a promo for the visit, so it stands at the same tile on every listing', () => {
    const promo = { position: 3, random_offset: 2, title: 'Kept', text: '', href: '/k', image: '' }
    const first = visitOffset(promo, 2)
    expect(first).toBeGreaterThanOrEqual(0)
    expect(first).toBeLessThanOrEqual(2)
    for (let i = 0; i < 20; i++) expect(visitOffset(promo, 2)).toBe(first)
    expect(sessionStorage.getItem('promo-offset:3:/k:Kept')).toBe(String(first))
  })

  it('lists pages around the current one', () => {
    expect(pageList(1, 3)).toEqual([1, 2, 3])
    expect(pageList(6, 12)).toEqual([1, null, 4, 5, 6, 7, 8, null, 12])
  })
})
