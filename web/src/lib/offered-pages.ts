import { matchRoutes } from 'react-router'
import { pageRoutes, type PageRoute } from '@/config/routes'
import type { Link, Site } from '@/lib/api'

export type SitePage = NonNullable<Site['pages']>[number]
export type Offer = NonNullable<Site['offers']>[number]

// A path without parameters is found by its name: the router ranks a route
// that names every segment above any with a parameter or a wildcard, and
// matches without regard to case, doubled slashes or a trailing slash.
const normal = (path: string) => path.replace(/\/\/+/g, '/').replace(/(.)\/$/, '$1').toLowerCase()
const staticRoutes = new Map(pageRoutes.filter((r) => !/[:*]/.test(r.path)).map((r) => [normal(r.path), r]))
const patternRoutes = pageRoutes.filter((r) => /[:*]/.test(r.path)).map((r) => ({ path: r.path, route: r }))

// routeFor is the entry of config/routes.ts a URL path opens, as the router
// ranks them.
// The header and footer ask for each of their links on every render:
// remember the answers (the routes never change while the app runs).
const matched = new Map<string, PageRoute | undefined>()

export function routeFor(pathname: string): PageRoute | undefined {
  if (matched.has(pathname)) return matched.get(pathname)
  let route = staticRoutes.get(normal(pathname))
  if (!route) {
    const m = matchRoutes(patternRoutes, pathname)
    route = (m?.at(-1)?.route as { route?: PageRoute } | undefined)?.route
  }
  if (matched.size > 1000) matched.clear()
  matched.set(pathname, route)
  return route
}

// pageFor is the site's page for a configured route, if it offers it.
export function pageFor(site: Site, routePath: string): SitePage | undefined {
  return (site.pages ?? []).find((p) => p.path === routePath)
}

// siteToday is today's date (YYYY-MM-DD) where the dealer is.
const dayFormats = new Map<string, Intl.DateTimeFormat>()

export function siteToday(site: Site, now: Date = new Date()): string {
  try {
    let f = dayFormats.get(site.timezone)
    if (!f) {
      f = new Intl.DateTimeFormat('en-CA', { timeZone: site.timezone, year: 'numeric', month: '2-digit', day: '2-digit' })
      dayFormats.set(site.timezone, f)
    }
    return f.format(now)
  } catch {
    return now.toISOString().slice(0, 10)
  }
}

// lastOfMonth is the YYYY-MM-DD of the last day of today's month.
function lastOfMonth(today: string): string {
  const [y, m] = today.split('-').map(Number)
  const days = new Date(Date.UTC(y!, m!, 0)).getUTCDate()
  return `${today.slice(0, 7)}-${String(days).padStart(2, '0')}`
}

// datedOffer gives a recurring offer the dates of its run that today falls
// in (or the next one): a monthly offer runs from the 1st to the month's
// last day; a yearly one between its MM-DD days, which may span New Year.
export function datedOffer(o: Offer, today: string): Offer {
  const year = Number(today.slice(0, 4))
  const md = today.slice(5)
  switch (o.every) {
    case 'month':
      return { ...o, start: `${today.slice(0, 7)}-01`, expiry: lastOfMonth(today) }
    case 'year': {
      if (o.start <= o.expiry) {
        const y = md > o.expiry ? year + 1 : year
        return { ...o, start: `${y}-${o.start}`, expiry: `${y}-${o.expiry}` }
      }
      // Over New Year: the run ending this year, or the one starting now.
      if (md <= o.expiry) return { ...o, start: `${year - 1}-${o.start}`, expiry: `${year}-${o.expiry}` }
      return { ...o, start: `${year}-${o.start}`, expiry: `${year + 1}-${o.expiry}` }
    }
    default:
      return o
  }
}

// currentOffers are the offers whose date window holds today (start and
// expiry days included; an empty bound is open), recurring ones with the
// dates of their current run.
export function currentOffers(site: Site, today: string = siteToday(site)): Offer[] {
  return (site.offers ?? [])
    .map((o) => datedOffer(o, today))
    .filter((o) => (!o.start || o.start <= today) && (!o.expiry || today <= o.expiry))
}

// isOffered says whether a link leads somewhere the site has: core routes
// and outside addresses always; a configured route only when the site lists
// it, and its offers page only while an offer is current (docs/behaviour/screens.md).
export function isOffered(site: Site, href: string, today?: string): boolean {
  if (!href.startsWith('/')) return true
  const pathname = href.split(/[?#]/)[0] || '/'
  const route = routeFor(pathname)
  if (!route) return false
  if (!route.configured) return true
  const page = pageFor(site, route.path)
  if (!page) return false
  return page.component !== 'offers' || currentOffers(site, today ?? siteToday(site)).length > 0
}

// offeredLinks drops the links (and dropdown entries) the site does not
// offer; a dropdown whose own page is not offered opens its first entry.
export function offeredLinks(site: Site, links: readonly Link[], today?: string): Link[] {
  return links.flatMap((l): Link[] => {
    const children = l.children ? offeredLinks(site, l.children, today) : undefined
    if (isOffered(site, l.href, today)) return [{ ...l, ...(l.children ? { children } : {}) }]
    if (children && children.length > 0) return [{ ...l, href: children[0]!.href, children }]
    return []
  })
}
