import { listingSlug } from '@/lib/listing-slug'
import type { SearchState } from '../api/get-search'

// docs/behaviour/screens.md: the default listing path lists every car type, so it
// implies no filter and every filter goes in its query string.
export const allCarsPath = '/search/new-used-and-demo-cars/'

export type Ranges = SearchState['ranges']
export type Refinements = SearchState['refinements']

// readUrlState reads a listing URL's query (docs/behaviour/screens.md: query, page,
// sortBy, refinementList[field][i], range[field]=min:max). The path's own
// filters are the server's to read; the response's query carries them.
export function readUrlState(search: string): SearchState {
  // Control characters are never part of a make, a word or a postcode, and
  // the browser drops some of them from the page the server drew (a NUL in
  // a filter's name), so that page and the app's own would differ.
  const params = new URLSearchParams([...new URLSearchParams(search)].map(([k, v]) => [k, v.replace(controls, '')]))
  const state: SearchState = { text: '', page: 1, sort: '', refinements: {}, ranges: {} }
  state.text = (params.get('query') ?? '').trim()
  const page = Number.parseInt(params.get('page') ?? '', 10)
  state.page = Number.isFinite(page) && page > 1 ? page : 1
  state.sort = params.get('sortBy') ?? ''
  if ((params.get('city') ?? '').trim().toLowerCase() === anyCity) state.any_city = true
  const postcode = (params.get('postcode') ?? '').trim()
  if (postcode) state.postcode = postcode
  const distance = Number.parseInt(params.get('distance') ?? '', 10)
  if (Number.isFinite(distance) && distance > 0) state.distance = distance
  for (const [key, value] of params) {
    const ref = /^refinementList\[([^\]]+)\](?:\[\d*\])?$/.exec(key)
    if (ref?.[1] && value !== '') {
      const list = (state.refinements[ref[1]] ??= [])
      if (!list.includes(value)) list.push(value)
      continue
    }
    const rg = /^range\[([^\]]+)\]$/.exec(key)
    if (rg?.[1]) {
      const [lo, hi] = value.split(':')
      const min = lo ? Number(lo) : undefined
      const max = hi ? Number(hi) : undefined
      const r: { min?: number; max?: number } = {}
      if (min !== undefined && Number.isFinite(min)) r.min = min
      if (max !== undefined && Number.isFinite(max)) r.max = max
      if (r.min !== undefined || r.max !== undefined) state.ranges[rg[1]] = r
    }
  }
  return state
}

// eslint-disable-next-line no-control-regex
const controls = /[\u0000-\u001f\u007f]/g

// anyCity is the city parameter's value that lists every city on a site
// with a default city (docs/behaviour/screens.md#search-url).
export const anyCity = 'any'

const same = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0

// pathRefinements are the filters the listing path itself implies
// (/search/used-cars/toyota: car_type used, make Toyota): those of the
// server's normalised state that the query string does not carry.
export function pathRefinements(normalised: Refinements, fromQuery: Refinements): Refinements {
  const out: Refinements = {}
  for (const [facet, values] of Object.entries(normalised)) {
    const rest = values.filter((v) => !(fromQuery[facet] ?? []).some((q) => same(q, v)))
    if (rest.length > 0) out[facet] = rest
  }
  return out
}

function formatBound(n: number | undefined): string {
  return n === undefined ? '' : String(n)
}

// queryString writes a state the way the server's canonical URL does:
// query, refinementList by facet name, range by facet name, postcode and
// distance, sortBy, page, and city=any on a site with a default city when
// the state lists every city.
// Brackets stay literal, as in the server's URLs and the behaviour docs' examples.
export function queryString(state: SearchState, defaultCity = ''): string {
  const parts: string[] = []
  const add = (key: string, value: string) => parts.push(`${key}=${encodeURIComponent(value)}`)
  if (state.text) add('query', state.text)
  for (const facet of Object.keys(state.refinements).sort()) {
    ;(state.refinements[facet] ?? []).forEach((v, i) => add(`refinementList[${facet}][${i}]`, v))
  }
  for (const facet of Object.keys(state.ranges).sort()) {
    const r = state.ranges[facet]
    if (!r || (r.min === undefined && r.max === undefined)) continue
    parts.push(`range[${facet}]=${formatBound(r.min)}:${formatBound(r.max)}`)
  }
  if (state.postcode) {
    add('postcode', state.postcode)
    if (state.distance) add('distance', String(state.distance))
  }
  if (state.sort) add('sortBy', state.sort)
  if (state.page > 1) add('page', String(state.page))
  if (defaultCity && state.any_city && !(state.refinements.city ?? []).length) add('city', anyCity)
  return parts.length ? `?${parts.join('&')}` : ''
}

// Car-type listing segments and the car types they list (docs/behaviour/screens.md,
// Routes), as the server reads them.
const typePaths: readonly (readonly [string, readonly string[]])[] = [
  ['new-cars', ['new']],
  ['demo-cars', ['demo']],
  ['used-cars', ['used']],
  ['new-and-demo-cars', ['new', 'demo']],
]

export function isCarTypeSegment(seg: string): boolean {
  return seg === 'new-used-and-demo-cars' || typePaths.some(([slug]) => slug === seg)
}

// The site's dealerships and locations: their own slugs name them in a path.
// defaultCity is the site's search.default_city, "" for none.
export type ListingPlaces = {
  dealerships: readonly { slug: string; name: string }[]
  locations: readonly { slug: string; name: string }[]
  defaultCity?: string
}

function placeSlug(places: ListingPlaces['dealerships'], name: string): string {
  const p = places.find((x) => same(x.name, name))
  return listingSlug(p?.slug || p?.name || name)
}

// listingHref is the URL of the listing for state, written the way the
// server's canonical URL is (docs/behaviour/screens.md: /search/{make},
// /search/{make}/{model}, /search/{body}, /search/{location slug},
// /search/{dealership_slug}, and the car-type paths): the car type when it
// has a path, then a single make (and a single model of it), body,
// dealership, location and city as path segments; every other filter in
// the query string. Where the server spells a path otherwise, its answer's
// canonical URL replaces this one (useSearchPage).
export function listingHref(state: SearchState, places: ListingPlaces): string {
  const rest: Refinements = {}
  for (const [facet, values] of Object.entries(state.refinements)) if (values.length > 0) rest[facet] = [...values]
  const segs: string[] = []
  const take = (facet: string, slug: string) => {
    if (!slug) return false
    segs.push(slug)
    delete rest[facet]
    return true
  }
  const types = rest.car_type
  if (types) {
    const wanted = types.map((t) => t.toLowerCase())
    const tp = typePaths.find(([, ts]) => ts.length === wanted.length && ts.every((t) => wanted.includes(t)))
    if (tp) take('car_type', tp[0])
  }
  const single = (facet: string) => (rest[facet]?.length === 1 ? (rest[facet]?.[0] ?? '') : '')
  const make = single('make')
  if (make && take('make', listingSlug(make))) {
    const model = single('model')
    if (model) take('model', listingSlug(model))
  }
  const body = single('body')
  if (body) take('body', listingSlug(body))
  const dealer = single('dealership_name')
  if (dealer) take('dealership_name', placeSlug(places.dealerships, dealer))
  const loc = single('location_name')
  if (loc) take('location_name', placeSlug(places.locations, loc))
  const city = single('city')
  if (city) take('city', listingSlug(city))
  const path = segs.length > 0 ? `/search/${segs.join('/')}` : allCarsPath
  return path + queryString({ ...state, refinements: rest }, places.defaultCity)
}

// usedCarListing is the listing /used-car/{rest} stands for
// (docs/behaviour/screens.md#route-used-car: the breadcrumb link base): used
// cars, unless a segment names another car type. The server answers the same
// with a 301.
export function usedCarListing(rest: string): string {
  const segs = rest.toLowerCase().split('/').filter(Boolean)
  if (!segs.some(isCarTypeSegment)) segs.unshift('used-cars')
  return `/search/${segs.join('/')}`
}

// toggleRefinement chooses value in facet if it is not chosen, else drops it;
// a new filter goes back to page 1.
export function toggleRefinement(state: SearchState, facet: string, value: string): SearchState {
  const current = state.refinements[facet] ?? []
  const values = current.some((v) => same(v, value)) ? current.filter((v) => !same(v, value)) : [...current, value]
  const refinements = { ...state.refinements, [facet]: values }
  if (values.length === 0) {
    delete refinements[facet]
    // A model belongs to its make: no make, no model.
    if (facet === 'make') delete refinements.model
  }
  return withAnyCity({ ...state, refinements, page: 1 }, facet)
}

// withAnyCity marks a state whose city filter was just taken away as
// listing every city, so a site's default city does not come back.
function withAnyCity(state: SearchState, facet: string): SearchState {
  if (facet !== 'city') return state
  return (state.refinements.city ?? []).length === 0 ? { ...state, any_city: true } : { ...state, any_city: false }
}

// clearRefinement is the facet's all-option (docs/behaviour/states.md#facets).
export function clearRefinement(state: SearchState, facet: string): SearchState {
  const refinements = { ...state.refinements }
  delete refinements[facet]
  // A model belongs to its make: clearing the make clears the model.
  if (facet === 'make') delete refinements.model
  return withAnyCity({ ...state, refinements, page: 1 }, facet)
}

export function isChosen(state: SearchState, facet: string, value: string): boolean {
  return (state.refinements[facet] ?? []).some((v) => same(v, value))
}

// Price slider bounds (docs/behaviour/constants.md).
export const priceSlider = { min: 5000, max: 250000, step: 500 } as const

// setPriceRange applies the slider. A filter narrows the list and never
// changes its order: the sort stays the buyer's choice or the site's default.
export function setPriceRange(state: SearchState, min: number, max: number): SearchState {
  return { ...state, ranges: { ...state.ranges, price: { min, max } }, page: 1 }
}

// Distance options in km (docs/behaviour/http.md#distance), and the one a
// new distance search starts with.
export const distanceOptions = [10, 25, 50, 100, 250, 500] as const
export const defaultDistance = 50
export const nearestFirst = 'distance_asc'

// setNear searches within distance km of a postcode.
export function setNear(state: SearchState, postcode: string, distance: number): SearchState {
  return { ...state, postcode, distance, page: 1 }
}

// clearNear drops the distance search, and the nearest-first order with it.
export function clearNear(state: SearchState): SearchState {
  const next: SearchState = { ...state, page: 1, sort: state.sort === nearestFirst ? '' : state.sort }
  delete next.postcode
  delete next.distance
  return next
}

export function clearRange(state: SearchState, facet: string): SearchState {
  const ranges = { ...state.ranges }
  delete ranges[facet]
  return { ...state, ranges, page: 1 }
}

// emptyState clears every filter, the city and the distance too: it lists
// every city even on a site with a default city.
export const emptyState = (state: SearchState): SearchState => ({
  text: '',
  page: 1,
  sort: state.sort === nearestFirst ? '' : state.sort,
  refinements: {},
  ranges: {},
  any_city: true,
})

// The words a buyer reads for the parts of a listing's address the server
// can refuse (an invalid search answers 422 with fields by these names).
const fieldWords: Record<string, string> = { query: 'search words', page: 'page number', sortBy: 'sort order' }

// refusedPart names a refused field of the listing's address for a buyer:
// "range[price]" is "the price range", "refinementList[make]" "the make
// filter", "page" "the page number".
export function refusedPart(field: string): string {
  const range = /^range\[(.+)\]$/.exec(field)
  if (range) return `the ${range[1] === 'km' ? 'kilometres' : range[1]!.replace(/_/g, ' ')} range`
  const list = /^refinementList\[(.+?)\]/.exec(field)
  if (list) return `the ${list[1]!.replace(/_/g, ' ')} filter`
  return `the ${fieldWords[field] ?? field.replace(/_/g, ' ')}`
}

// refusedMessage says what of the address cannot be searched, and why:
// "The price range in this address cannot be used: must be min:max, for
// example 5000:30000."
export function refusedMessage(field: string, why: string): string {
  const part = refusedPart(field)
  return `${part[0]!.toUpperCase()}${part.slice(1)} in this address cannot be used: ${why.replace(/\.$/, '')}.`
}

// withoutRefused is state without the parts the server refused: the
// listing the buyer can have. (A refused postcode or distance has its own
// message and way out beside the distance search: clearNear.)
export function withoutRefused(state: SearchState, fields: readonly string[]): SearchState {
  const next: SearchState = { ...state, page: 1, refinements: { ...state.refinements }, ranges: { ...state.ranges } }
  for (const f of fields) {
    const range = /^range\[(.+)\]$/.exec(f)
    const list = /^refinementList\[(.+?)\]/.exec(f)
    if (range) delete next.ranges[range[1]!]
    else if (list) delete next.refinements[list[1]!]
    else if (f === 'query') next.text = ''
    else if (f === 'sortBy') next.sort = ''
  }
  return next
}
