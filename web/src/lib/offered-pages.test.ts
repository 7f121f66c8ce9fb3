// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { matchRoutes } from 'react-router'
import { pageRoutes, type PageRoute } from '@/config/routes'
import { siteFixture } from '@/testing/site-fixture'
import { currentOffers, isOffered, offeredLinks, routeFor, type Offer } from './offered-pages'

// docs/behaviour/screens.md#routes: nothing on a site links to a page it does
// not offer; the header shows Offers only while an offer is current
// (docs/behaviour/screens.md#route-special-offers).
describe('offered links', () => {
  const site = siteFixture()

  it('keeps core routes and offered pages, drops configurable routes the site does not list', () => {
    expect(isOffered(site, '/finance')).toBe(true)
    expect(isOffered(site, '/search/used-cars/toyota')).toBe(true)
    expect(isOffered(site, '/about-us')).toBe(true)
    expect(isOffered(site, '/fleet')).toBe(false)
    expect(isOffered(site, '/toyota/overview')).toBe(false)
    expect(isOffered(site, 'https://example.com/x')).toBe(true)
  })

  it('shows the offers page only while an offer is current (start and expiry days included)', () => {
    const withOffer = siteFixture({ offers: [{ title: 'A', text: '', start: '2026-03-01', expiry: '2026-03-31', href: '', image: '' }] })
    expect(currentOffers(withOffer, '2026-03-01')).toHaveLength(1)
    expect(currentOffers(withOffer, '2026-03-31')).toHaveLength(1)
    expect(currentOffers(withOffer, '2026-04-01')).toHaveLength(0)
    expect(isOffered(withOffer, '/special-offers', '2026-03-15')).toBe(true)
    expect(isOffered(withOffer, '/special-offers', '2026-04-01')).toBe(false)
  })

  it('runs a monthly offer to the end of this month and a seasonal one only in its season', () => {
    const o = (extra: Partial<Offer>): Offer => ({ title: 'A', text: '', start: '', expiry: '', href: '', image: '', ...extra })
    const site = siteFixture({
      offers: [o({ title: 'Monthly', every: 'month' }), o({ title: 'EOFY', every: 'year', start: '05-15', expiry: '06-30' }), o({ title: 'Summer', every: 'year', start: '12-01', expiry: '02-28' })],
    })
    const on = (today: string) => Object.fromEntries(currentOffers(site, today).map((x) => [x.title, x.expiry]))
    expect(on('2026-11-26')).toEqual({ Monthly: '2026-11-30' })
    expect(on('2028-02-10')).toEqual({ Monthly: '2028-02-29', Summer: '2028-02-28' })
    expect(on('2026-06-30')).toEqual({ Monthly: '2026-06-30', EOFY: '2026-06-30' })
    expect(on('2026-12-24')).toEqual({ Monthly: '2026-12-31', Summer: '2027-02-28' })
    expect(on('2026-07-01')).toEqual({ Monthly: '2026-07-31' })
  })

  it('filters dropdown entries and opens a dropdown on its first offered entry', () => {
    const links = offeredLinks(site, [
      { label: 'Offers', href: '/special-offers' },
      { label: 'Fleet', href: '/fleet' },
      { label: 'About', href: '/warranty', children: [{ label: 'Warranty', href: '/warranty' }, { label: 'Careers', href: '/careers' }] },
    ], '2026-03-15')
    expect(links.map((l) => l.label)).toEqual(['Offers', 'About'])
    expect(links[1]).toMatchObject({ href: '/careers', children: [{ label: 'Careers', href: '/careers' }] })
  })
})

describe('routeFor', () => {
  // The router's own answer, ranking every route afresh.
  const everyRoute = pageRoutes.map((r) => ({ path: r.path, route: r }))
  const routerAnswer = (path: string) => (matchRoutes(everyRoute, path)?.at(-1)?.route as { route?: PageRoute } | undefined)?.route

  it('finds the route the router ranks first, for every configured path and its variants', () => {
    const paths = pageRoutes.flatMap((r) => {
      const p = r.path.replace(/:slug/g, 'some-slug').replace(/\*/g, 'a/b')
      const bare = p.length > 1 ? p.replace(/\/$/, '') : p
      return [p, bare, bare + '/', p.toUpperCase()]
    })
    paths.push('/cars/trade-in', '/cars/trade-in/', '/CARS/Trade-In', '/search/used-cars/extra', '/nowhere', '/cars', '/contact-us/x/y')
    for (const p of paths) expect(routeFor(p)?.path, p).toBe(routerAnswer(p)?.path)
  })
})
