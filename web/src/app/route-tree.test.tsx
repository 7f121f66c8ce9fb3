import { screen, within } from '@testing-library/react'
import { matchRoutes } from 'react-router'
import { describe, expect, it } from 'vitest'
import { pageRoutes, serverPatterns, toServeMuxPatterns } from '@/config/routes'
import { renderApp } from '@/testing/render-app'
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

  it('covers the routes of SPEC.md section 2', async () => {
    const paths = pageRoutes.map((r) => r.path)
    for (const p of [
      '/', '/search/new-used-and-demo-cars/', '/search/used-cars', '/search/new-cars', '/search/demo-cars',
      '/search/new-and-demo-cars', '/search/:a', '/search/:a/:b', '/cars/:slug', '/cars/:slug/checkout',
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
      '/neotek', '/4x4-outdoor', '/eofy', '/pages/eofy-sale', '/used-car/*',
    ]) {
      expect(paths).toContain(p)
    }
  })

  it('keeps routes.json in step with config/routes.ts (run npm run gen:routes)', async () => {
    expect(routesJSON).toEqual(serverPatterns())
  })

  it.each([
    ['/', ['/{$}']],
    ['/cars/:slug', ['/cars/{slug}']],
    ['/search/:a/:b', ['/search/{a}/{b}']],
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

  it('renders a coming-soon page with its title inside the layout', async () => {
    await renderApp('/faqs')
    const main = screen.getByRole('main')
    expect(await within(main).findByRole('heading', { level: 1, name: 'FAQs' })).toBeInTheDocument()
    expect(within(main).getByText('This page is coming soon.')).toBeInTheDocument()
    expect(screen.getByRole('banner')).toHaveTextContent('Test Motors')
    expect(screen.getByRole('contentinfo')).toBeInTheDocument()
    expect(document.title).toBe('FAQs | Test Motors')
  })

  it('names a listing after its path', async () => {
    await renderApp('/search/used-cars/toyota')
    expect(await screen.findByRole('heading', { level: 1, name: 'Used Cars Toyota for Sale' })).toBeInTheDocument()
  })

  it('shows the site privacy wording and terms wording', async () => {
    const first = await renderApp('/privacy-policy')
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument()
    expect(screen.getByText('Test Motors answers access requests within 7 days.')).toBeInTheDocument()
    first.unmount()
    await renderApp('/terms-and-conditions')
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeInTheDocument()
    expect(screen.getByText('Prices are subject to change.')).toBeInTheDocument()
    expect(screen.getByText('Vehicles are subject to prior sale.')).toBeInTheDocument()
  })
})
