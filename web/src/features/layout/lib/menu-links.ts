import type { components } from '@/lib/api-types'
import type { MenuModel } from '../api/get-menus'

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

// listingSlug writes a value as a listing path segment the way the server
// reads it back: lowercase, words joined by hyphens, ampersands and
// apostrophes dropped ("Land Rover" → "land-rover").
export function listingSlug(value: string): string {
  const words = value
    .toLowerCase()
    .replace(/[&'’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
  return words.join('-')
}

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
