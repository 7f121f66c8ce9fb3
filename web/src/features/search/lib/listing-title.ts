import type { SearchState } from '../api/get-search'

const typeWords: Record<string, string> = {
  new: 'New',
  used: 'Used',
  demo: 'Demo',
  'demo,new': 'New and Demo',
}

function single(state: SearchState, facet: string): string {
  const v = state.refinements[facet] ?? []
  return v.length === 1 ? (v[0] ?? '') : ''
}

// listingTitle names a listing after its filters: "Used Cars for Sale",
// "Toyota Corolla for Sale", "Used Toyota for Sale", "Used Cars for Sale in
// Brisbane". On a site that lists used cars only, a listing with no car type
// is of used cars. The server's <title> is worded the same way
// (internal/sitepages/testdata/listing-title-vectors.json holds both to it).
export function listingTitle(state: SearchState, usedOnly = false): string {
  const types = [...(state.refinements.car_type ?? [])].map((t) => t.toLowerCase()).sort()
  let type = types.length === 0 || types.length >= 3 ? '' : (typeWords[types.join(',')] ?? '')
  if (usedOnly && types.length === 0) type = 'Used'
  const make = single(state, 'make')
  const model = make ? single(state, 'model') : ''
  const body = single(state, 'body')
  const subject = [make, model, body].filter(Boolean).join(' ')
  let title: string
  if (subject) title = [type, subject].filter(Boolean).join(' ')
  else title = `${type || 'New, Used and Demo'} Cars`
  const place = single(state, 'dealership_name') || single(state, 'location_name')
  const city = single(state, 'city')
  return `${title} for Sale${place ? ` at ${place}` : city ? ` in ${city}` : ''}`
}

// stockTitle words a listing title for the site's stock (its
// wording.stock_noun_plural): "Used Cars for Sale" reads "Used Caravans for
// Sale" on a caravan yard, as the server's <title> does.
export function stockTitle(title: string, plural: string | undefined): string {
  if (!plural || plural === 'cars') return title
  const word = plural.replace(/(^|\s)([a-z])/g, (_m, sp: string, c: string) => sp + c.toUpperCase())
  return title.replace(/\bCars\b/g, word)
}
