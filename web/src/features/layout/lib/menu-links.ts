import type { components } from '@/lib/api-types'
import type { MenuModel } from '../api/get-menus'
import { imageWidthUrl } from '@/lib/image'
import { listingSlug } from '@/lib/listing-slug'

type FacetItem = components['schemas']['FacetItem']

// How many makes the Stock menu lists, busiest first.
export const STOCK_MENU_MAKES = 8

const carTypeOrder = ['new', 'demo', 'used'] as const
const carTypePaths: Record<string, string> = {
  new: '/search/new-cars',
  demo: '/search/demo-cars',
  used: '/search/used-cars',
}
const carTypeLabels: Record<string, string> = { new: 'New', demo: 'Demo', used: 'Used' }

// The path of the listing of every car type; a make under it is /search/{make}.
const ALL_TYPES_PATH = '/search/new-used-and-demo-cars'

export { listingSlug }

export type StockLink = { label: string; href: string; count: number }

// carTypeLinks lists the car types the site has stock of, new, demo, used.
export function carTypeLinks(facet: readonly FacetItem[] | null | undefined): StockLink[] {
  const byValue = new Map((facet ?? []).map((f) => [f.value, f]))
  return carTypeOrder.flatMap((t) => {
    const f = byValue.get(t)
    return f && f.count > 0 ? [{ label: carTypeLabels[t] ?? f.label, href: carTypePaths[t] ?? '', count: f.count }] : []
  })
}

// makeLinks lists the busiest makes under the site's default listing, so a
// used-only site links to /search/used-cars/{make} and its counts match.
export function makeLinks(facet: readonly FacetItem[] | null | undefined, defaultPath: string, limit = STOCK_MENU_MAKES): StockLink[] {
  const base = defaultPath.replace(/\/+$/, '')
  const prefix = base === ALL_TYPES_PATH || base === '/search' || base === '' ? '/search' : base
  return [...(facet ?? [])]
    .filter((f) => f.count > 0)
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))
    .slice(0, limit)
    .map((f) => ({ label: f.label, href: `${prefix}/${listingSlug(f.value)}`, count: f.count }))
}

export type BodyGroup = { body: string; href: string; models: MenuModel[] }

// groupByBody keeps the dealer's model order and the order bodies first appear.
export function groupByBody(models: readonly MenuModel[]): BodyGroup[] {
  const groups = new Map<string, BodyGroup>()
  for (const m of models) {
    const body = m.manufacturer_body || 'Other'
    let g = groups.get(body)
    if (!g) {
      g = { body, href: m.body_path, models: [] }
      groups.set(body, g)
    }
    g.models.push(m)
  }
  return [...groups.values()]
}

export type MenuMake = { make: string; href: string; logo: string }

// Offered says whether the site has the page a link leads to.
export type Offered = (href: string) => boolean

// offeredModels points each model's menu links at pages the site has
// (docs/behaviour/screens.md#routes: nothing on a site links to a route it
// does not offer): a model whose page the site does not offer leads to its
// listing, a body whose models page it does not offer has no link.
export function offeredModels(models: readonly MenuModel[], offered: Offered): MenuModel[] {
  return models.map((m) => ({
    ...m,
    path: offered(m.path) ? m.path : m.listing_path,
    body_path: offered(m.body_path) ? m.body_path : '',
  }))
}

// makesOf lists the distinct makes of the site's models in the dealer's
// order, each with its overview page and its logo (docs/behaviour/screens.md#model-pages, the header's
// menu of makes with logos). The logo is named by the overview's own slug,
// the same one the server draws /img/make/{slug}.png for. A make whose
// overview the site does not offer leads to its listing of new cars.
export function makesOf(models: readonly MenuModel[], offered: Offered = () => true): MenuMake[] {
  const out = new Map<string, MenuMake>()
  for (const m of models) {
    const slug = m.brand_path?.split('/')[1]
    if (!m.make || !slug || out.has(m.make)) continue
    const href = offered(m.brand_path) ? m.brand_path : m.listing_path.split('/').slice(0, -1).join('/')
    out.set(m.make, { make: m.make, href, logo: imageWidthUrl(`/img/make/${slug}.png`, 160) })
  }
  return [...out.values()]
}
