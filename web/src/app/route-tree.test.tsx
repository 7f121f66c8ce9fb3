import { screen, waitFor, within } from '@testing-library/react'
import { matchRoutes } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { pageRoutes, serverRoutes, toServeMuxPatterns } from '@/config/routes'
import { renderApp } from '@/testing/render-app'
import { siteFixture } from '@/testing/site-fixture'
import { appRoutes } from './route-tree'
import routesJSON from '../../routes.json'

// A URL that a pattern matches, with every parameter filled in.
function sample(path: string) {
  return path.replace(/:[^/]+/g, 'sample-1').replace(/\*$/, 'a/b')
}

describe('routes', () => {
  it('resolves every page of config/routes.ts to its own element, never the not-found route', async () => {
    const routes = appRoutes()
    for (const r of pageRoutes) {
      const matches = matchRoutes(routes, sample(r.path))
      const leaf = matches?.at(-1)?.route
      expect(leaf?.path, r.path).toBe(r.path)
      expect(leaf?.lazy ?? leaf?.Component ?? leaf?.element, r.path).toBeTruthy()
    }
  })

  it('covers the routes of docs/behaviour/screens.md', async () => {
    const paths = pageRoutes.map((r) => r.path)
    for (const p of [
      '/', '/search/new-used-and-demo-cars/', '/search/used-cars', '/search/new-cars', '/search/demo-cars',
      '/search/new-and-demo-cars', '/search/*', '/cars/:slug', '/cars/:slug/checkout',
      '/cars/:slug/buy-online', '/checkout-journey', '/cars/trade-in', '/trade-in', '/sell-my-car', '/instant-price',
      '/finance', '/finance-enquiry', '/apply-for-finance', '/finance-pre-approval', '/personalised/finance', '/print',
      '/success', '/sign-in', '/watchlist', '/contact-us/:slug', '/our-location/:slug', '/contact', '/locations/:slug',
      '/dealer-locator', '/brands', '/about-us', '/:brand/overview', '/service', '/subaru-service',
      '/service-maroochydore', '/service-noosa', '/book-a-service-smithfield', '/vehicle-parts-and-accessories',
      '/special-offers', '/models', '/models/order-now', '/spin-to-win', '/online-payment', '/mymotorama',
      '/mybigboxcars', '/myblinkr', '/myservco', '/my-garage', '/warranty', '/new-vehicle-warranty',
      '/pages/capped-price-servicing', '/roadside-assist', '/fleet', '/careers', '/faqs', '/pages/unsubscribe',
      '/privacy-policy', '/terms-and-conditions', '/book-test-drive/', '/autopact-handback-guarantee',
      '/autopact-protection-plan', '/ultratek', '/twg-cars', '/twg-rental', '/twg-tyres', '/finance-and-insurance',
      '/neotek', '/4x4-outdoor', '/eofy', '/pages/eofy-sale', '/used-car/*', '/alerts/stop',
    ]) {
      expect(paths).toContain(p)
    }
  })

  it('keeps routes.json in step with config/routes.ts (run npm run gen:routes)', async () => {
    expect(routesJSON).toEqual(serverRoutes())
  })

  it.each([
    ['/', ['/{$}']],
    ['/cars/:slug', ['/cars/{slug}']],
    ['/search/:a/:b', ['/search/{a}/{b}']],
    ['/search/*', ['/search/{rest...}']],
    ['/used-car/*', ['/used-car/{rest...}']],
    ['/book-test-drive/', ['/book-test-drive', '/book-test-drive/{$}']],
  ])('writes %s as ServeMux patterns %j', (path, want) => {
    expect(toServeMuxPatterns(path)).toEqual(want)
  })

  it('renders the not-found page for an unknown path', async () => {
    await renderApp('/no-such-page/at/all')
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument()
    const main = screen.getByRole('main')
    expect(within(main).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')
    expect(within(main).getByRole('link', { name: 'Search stock' })).toHaveAttribute('href', '/search/used-cars')
    expect(screen.getByRole('banner')).toHaveTextContent('Test Motors')
    expect(document.title).toBe('Page not found | Test Motors')
  })

  // docs/behaviour/screens.md: /print?car_id= and /contact-us/{slug} show one record;
  // one that does not exist is the site's not-found page (the server answers 404).
  it.each(['/print?car_id=bogus', '/print', '/contact-us/bogus'])('renders the not-found page for %s', async (path) => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ error: { code: 'not_found', message: 'Car not found.' } }), {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      }),
    )
    const site = siteFixture()
    site.features.print_pdf = true
    await renderApp(path, site)
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument()
    fetch.mockRestore()
  })

  // docs/behaviour/screens.md#routes and docs/behaviour/http.md#page-urls: a
  // configurable route the site does not offer is the site's not-found page,
  // never a placeholder.
  it.each(['/faqs', '/sign-in', '/toyota/overview', '/locations/anywhere'])('renders the not-found page for %s, which the site does not offer', async (path) => {
    await renderApp(path)
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument()
    expect(screen.queryByText(/coming soon/i)).not.toBeInTheDocument()
  })

  it('moves /used-car/… to its listing (docs/behaviour/screens.md: the breadcrumb link base)', async () => {
    const { router } = await renderApp('/used-car/toyota/hilux?page=2')
    await waitFor(() => expect(router.state.location.pathname).toBe('/search/used-cars/toyota/hilux'))
    expect(router.state.location.search).toBe('?page=2')
  })

  it('names a listing after its path', async () => {
    await renderApp('/search/used-cars/toyota')
    expect(await screen.findByRole('heading', { level: 1, name: 'Used Cars Toyota for Sale' })).toBeInTheDocument()
  })

  it('shows the privacy policy the site configures, rendered by the server', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input)
      expect(url).toBe('/api/pages?path=%2Fprivacy-policy')
      const body = { path: '/privacy-policy', title: 'Privacy Policy', description: '', html: '<p>Access requests are acknowledged within 7 days.</p>', faqs: [], booking_links: [] }
      return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } })
    })
    await renderApp('/privacy-policy')
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument()
    expect(await screen.findByText('Access requests are acknowledged within 7 days.')).toBeInTheDocument()
    expect(document.title).toBe('Privacy Policy | Test Motors')
  })
})
