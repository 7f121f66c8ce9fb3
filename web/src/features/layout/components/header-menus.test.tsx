import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Site } from '@/lib/api'
import { renderApp } from '@/testing/render-app'
import { siteFixture } from '@/testing/site-fixture'

// The plain listing's facets as GET /api/search answers them: car types in
// the server's order (used first here), makes unsorted.
const stockAnswer = {
  hits: [], count: 57, total: 57, page: 1, pages: 3, hits_per_page: 21, stats: {}, promo_cards: [],
  query: { text: '', page: 1, sort: '', refinements: {}, ranges: {} },
  path: '/search/new-used-and-demo-cars/', canonical: '/search/new-used-and-demo-cars/', ms: 1,
  facets: {
    car_type: [
      { label: 'Used', value: 'used', count: 40 },
      { label: 'New', value: 'new', count: 12 },
      { label: 'Demo', value: 'demo', count: 5 },
    ],
    make: [
      { label: 'Mazda', value: 'Mazda', count: 9 },
      { label: 'Land Rover', value: 'Land Rover', count: 30 },
      { label: 'Kia', value: 'Kia', count: 0 },
      { label: 'Toyota', value: 'Toyota', count: 18 },
    ],
  },
}

const modelsAnswer = {
  models: [
    { id: 1, slug: 'cx-5', name: 'CX-5', make: 'Mazda', image_url: '/img/cx5.jpg', status: '', manufacturer_body: 'SUV', body_path: '/models?body=suv', listing_path: '/search/new-cars/mazda/cx-5', path: '/models/cx-5', brand_path: '/mazda/overview', short_description: '', from_price: 0 },
    { id: 2, slug: 'carnival', name: 'Carnival', make: 'Kia', image_url: '/img/carnival.jpg', status: '', manufacturer_body: 'People Mover', body_path: '/models?body=people-mover', listing_path: '/search/new-cars/kia/carnival', path: '/models/carnival', brand_path: '/kia/overview', short_description: '', from_price: 0 },
    { id: 3, slug: 'cx-80', name: 'CX-80', make: 'Mazda', image_url: '/img/cx80.jpg', status: 'coming_soon', manufacturer_body: 'SUV', body_path: '/models?body=suv', listing_path: '/search/new-cars/mazda/cx-80', path: '/models/cx-80', brand_path: '/mazda/overview', short_description: '', from_price: 0 },
  ],
}

let calls: URL[]

beforeEach(() => {
  calls = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://test.local')
    calls.push(url)
    const body = url.pathname === '/api/search' ? stockAnswer : url.pathname === '/api/models' ? modelsAnswer : { error: { code: 'not_found', message: 'No such API endpoint.' } }
    const status = url.pathname === '/api/search' || url.pathname === '/api/models' ? 200 : 404
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
  })
})

afterEach(() => vi.restoreAllMocks())

function dynamicSite(hover = false): Site {
  const base = siteFixture()
  return siteFixture({
    navigation: {
      ...base.navigation,
      dropdown_hover: hover,
      header: [
        { label: 'Home', href: '/' },
        { label: 'New Vehicles', href: '/brands', dynamic: 'models' },
        { label: 'Stock', href: '/search/new-used-and-demo-cars/', dynamic: 'stock', children: [{ label: 'Used Vehicles', href: '/search/used-cars' }] },
      ],
    },
    search: { ...base.search, default_path: '/search/new-used-and-demo-cars/' },
    pages: [
      ...(base.pages ?? []),
      { path: '/models/:slug', title: 'Model', description: '', component: 'models' },
      { path: '/:brand/overview', title: 'Brand Overview', description: '', component: 'brands' },
    ],
  })
}

// The Radix menu takes the plain menu bar's place once the page is idle.
const menuReady = () =>
  waitFor(() => expect(document.querySelector('nav[data-main-menu] [data-radix-collection-item]')).not.toBeNull(), { timeout: 5000 })

const linkSummary = (region: HTMLElement) =>
  within(region).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])

describe('header Stock menu', () => {
  it('opens and closes with the keyboard and lists live counts by type and make', async () => {
    const user = userEvent.setup()
    await renderApp('/about-us', dynamicSite())
    await menuReady()
    const header = screen.getByRole('banner')
    const trigger = within(header).getByRole('button', { name: 'Stock' })
    expect(trigger).toHaveAttribute('aria-expanded', 'false')
    expect(header).not.toHaveAttribute('data-menu-open')

    trigger.focus()
    await user.keyboard('{Enter}')
    expect(trigger).toHaveAttribute('aria-expanded', 'true')
    expect(header).toHaveAttribute('data-menu-open')

    // New, Demo, Used in that order, whatever order the answer had.
    const byType = await screen.findByRole('region', { name: 'By type' })
    expect(linkSummary(byType)).toEqual([
      ['New12', '/search/new-cars'],
      ['Demo5', '/search/demo-cars'],
      ['Used40', '/search/used-cars'],
    ])
    // Busiest makes first; a make without stock is left out.
    expect(linkSummary(screen.getByRole('region', { name: 'Top makes' }))).toEqual([
      ['Land Rover30', '/search/land-rover'],
      ['Toyota18', '/search/toyota'],
      ['Mazda9', '/search/mazda'],
    ])
    expect(screen.getByRole('link', { name: 'View all stock' })).toHaveAttribute('href', '/search/new-used-and-demo-cars/')
    expect(calls.filter((c) => c.pathname === '/api/search').map((c) => c.searchParams.get('path'))).toContain('/search/new-used-and-demo-cars/')

    await user.keyboard('{Escape}')
    await waitFor(() => expect(trigger).toHaveAttribute('aria-expanded', 'false'))
    expect(screen.queryByRole('region', { name: 'By type' })).toBeNull()
    expect(trigger).toHaveFocus()
    expect(header).not.toHaveAttribute('data-menu-open')
  })

  it('follows a make link to its listing and closes', async () => {
    const user = userEvent.setup()
    const { router } = await renderApp('/about-us', dynamicSite())
    await menuReady()
    await user.click(screen.getByRole('button', { name: 'Stock' }))
    await user.click(await screen.findByRole('link', { name: /^Toyota/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/search/toyota'))
  })

  it('links makes under a used-only default listing', async () => {
    const user = userEvent.setup()
    const site = dynamicSite()
    site.search = { ...site.search, default_path: '/search/used-cars' }
    await renderApp('/about-us', site)
    await menuReady()
    await user.click(screen.getByRole('button', { name: 'Stock' }))
    expect(await screen.findByRole('link', { name: /^Mazda/ })).toHaveAttribute('href', '/search/used-cars/mazda')
    expect(screen.getByRole('link', { name: 'View all stock' })).toHaveAttribute('href', '/search/used-cars')
  })

  it('opens the entry pressed before the Radix menu has loaded', async () => {
    const user = userEvent.setup()
    await renderApp('/about-us', dynamicSite())
    const plain = screen.getByRole('button', { name: 'Stock' })
    expect(plain).not.toHaveAttribute('data-radix-collection-item')
    await user.click(plain)
    await waitFor(() => expect(screen.getByRole('button', { name: 'Stock' })).toHaveAttribute('aria-expanded', 'true'))
    expect(await screen.findByRole('region', { name: 'By type' })).toBeInTheDocument()
    expect(screen.getByRole('banner')).toHaveAttribute('data-menu-open')
  })

  it('does not load menu data before the page is idle or a menu opens', async () => {
    await renderApp('/about-us', dynamicSite())
    expect(calls.filter((c) => c.pathname === '/api/models' || c.pathname === '/api/search')).toHaveLength(0)
  })

  it('loads the menu lists once the page is idle, without a menu opening', async () => {
    await renderApp('/about-us', dynamicSite())
    await menuReady()
    await waitFor(
      () => {
        const paths = calls.map((c) => c.pathname)
        expect(paths).toContain('/api/models')
        expect(paths).toContain('/api/search')
      },
      { timeout: 5000 },
    )
    expect(screen.getByRole('button', { name: 'Stock' })).toHaveAttribute('aria-expanded', 'false')
  })

  it('keeps a hover-opened menu open when its trigger is then clicked', async () => {
    const user = userEvent.setup()
    await renderApp('/about-us', dynamicSite(true))
    await menuReady()
    const trigger = screen.getByRole('button', { name: 'Stock' })
    // The click comes at once on the menu's clock, however slowly this
    // machine runs the test: the grace after a hover-open is measured there.
    const clock = vi.spyOn(performance, 'now').mockReturnValue(10_000)
    try {
      await user.hover(trigger)
      await waitFor(() => expect(trigger).toHaveAttribute('aria-expanded', 'true'))
      await user.click(trigger)
      expect(trigger).toHaveAttribute('aria-expanded', 'true')
    } finally {
      clock.mockRestore()
    }
  })

  it('opens on hover only where the site config says so', async () => {
    const user = userEvent.setup()
    const first = await renderApp('/about-us', dynamicSite(false))
    await menuReady()
    // On the test's clock, well past any delay before a hovered menu opens.
    vi.useFakeTimers()
    try {
      const stock = screen.getByRole('button', { name: 'Stock' })
      for (const type of ['pointerover', 'pointerenter', 'pointermove'] as const) {
        fireEvent(stock, new PointerEvent(type, { bubbles: type !== 'pointerenter', cancelable: type !== 'pointerenter', pointerType: 'mouse' }))
      }
      await act(() => vi.advanceTimersByTimeAsync(2000))
    } finally {
      vi.useRealTimers()
    }
    expect(screen.getByRole('button', { name: 'Stock' })).toHaveAttribute('aria-expanded', 'false')
    first.unmount()

    await renderApp('/about-us', dynamicSite(true))
    await menuReady()
    await user.hover(screen.getByRole('button', { name: 'Stock' }))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Stock' })).toHaveAttribute('aria-expanded', 'true'))
  })
})

describe('header New Vehicles menu', () => {
  it('groups the models by body with pictures, body links and links to each model page', async () => {
    const user = userEvent.setup()
    await renderApp('/about-us', dynamicSite())
    await menuReady()
    const trigger = screen.getByRole('button', { name: 'New Vehicles' })
    trigger.focus()
    await user.keyboard('{Enter}')
    const suv = await screen.findByRole('region', { name: 'SUV' })
    expect(within(suv).getByRole('link', { name: 'SUV' })).toHaveAttribute('href', '/models?body=suv')
    expect(within(suv).getByRole('link', { name: /Mazda CX-5/ })).toHaveAttribute('href', '/models/cx-5')
    const soon = within(suv).getByRole('link', { name: /Mazda CX-80/ })
    expect(soon).toHaveTextContent('Coming soon')
    expect(soon.querySelector('img')).toHaveAttribute('src', '/img/cx80.jpg?w=128&q=75') // twice its 64 px
    const people = screen.getByRole('region', { name: 'People Mover' })
    expect(within(people).getByRole('link', { name: 'People Mover' })).toHaveAttribute('href', '/models?body=people-mover')
    expect(within(people).getByRole('link', { name: /Kia Carnival/ })).toHaveAttribute('href', '/models/carnival')
    expect(screen.getByRole('link', { name: 'View all new vehicles' })).toHaveAttribute('href', '/brands')

    await user.keyboard('{Escape}')
    await waitFor(() => expect(trigger).toHaveAttribute('aria-expanded', 'false'))
    expect(screen.queryByRole('region', { name: 'SUV' })).toBeNull()
  })

  // docs/behaviour/screens.md#model-pages: "a header dropdown or mega menu of makes with logos".
  it("leads with the site's makes, each with its logo, linking to its overview", async () => {
    const user = userEvent.setup()
    await renderApp('/about-us', dynamicSite())
    await menuReady()
    await user.click(screen.getByRole('button', { name: 'New Vehicles' }))
    const makes = await screen.findByRole('region', { name: 'Makes' })
    // Distinct makes, in the dealer's model order.
    expect(linkSummary(makes).map(([, href]) => href)).toEqual(['/mazda/overview', '/kia/overview'])
    const mazda = within(makes).getByRole('link', { name: 'Mazda' })
    expect(within(mazda).getByRole('img', { name: 'Mazda' })).toHaveAttribute('src', '/img/make/mazda.png?w=160')
    expect(within(makes).getByRole('link', { name: 'Kia' })).toHaveAttribute('href', '/kia/overview')
  })

  // docs/behaviour/screens.md: a route the site does not offer is its 404, and
  // nothing on the site links to it.
  it('leads to the listings where the site offers no model, models or overview pages', async () => {
    const user = userEvent.setup()
    const site = dynamicSite()
    await renderApp('/about-us', { ...site, pages: (site.pages ?? []).filter((p) => !/^\/(models|:brand)/.test(p.path)) })
    await menuReady()
    await user.click(screen.getByRole('button', { name: 'New Vehicles' }))
    const makes = await screen.findByRole('region', { name: 'Makes' })
    expect(linkSummary(makes).map(([, href]) => href)).toEqual(['/search/new-cars/mazda', '/search/new-cars/kia'])
    const suv = screen.getByRole('region', { name: 'SUV' })
    expect(within(suv).queryByRole('link', { name: 'SUV' })).toBeNull()
    expect(within(suv).getByRole('link', { name: /Mazda CX-5/ })).toHaveAttribute('href', '/search/new-cars/mazda/cx-5')
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href') ?? '')
    expect(hrefs.filter((h) => h.startsWith('/models') || h.endsWith('/overview'))).toEqual([])
  })

  it("shows a make's name in a tile when its logo fails to load", async () => {
    const user = userEvent.setup()
    await renderApp('/about-us', dynamicSite())
    await menuReady()
    await user.click(screen.getByRole('button', { name: 'New Vehicles' }))
    const makes = await screen.findByRole('region', { name: 'Makes' })
    fireEvent.error(within(makes).getByRole('img', { name: 'Kia' }))
    const kia = within(makes).getByRole('link', { name: 'Kia' })
    expect(within(kia).queryByRole('img')).toBeNull()
    expect(kia).toHaveTextContent('Kia')
    expect(kia).toHaveAttribute('href', '/kia/overview')
    // The other make keeps its logo.
    expect(within(makes).getByRole('img', { name: 'Mazda' })).toBeInTheDocument()
  })

  it('reaches a make from the keyboard and follows it, closing the menu', async () => {
    const user = userEvent.setup()
    const { router } = await renderApp('/about-us', dynamicSite())
    await menuReady()
    const trigger = screen.getByRole('button', { name: 'New Vehicles' })
    trigger.focus()
    await user.keyboard('{Enter}')
    const makes = await screen.findByRole('region', { name: 'Makes' })
    await user.tab()
    expect(within(makes).getByRole('link', { name: 'Mazda' })).toHaveFocus()
    // Arrow keys move within the panel as in the rest of the dropdown.
    await user.keyboard('{ArrowDown}')
    expect(within(makes).getByRole('link', { name: 'Kia' })).toHaveFocus()
    await user.keyboard('{ArrowUp}')
    expect(within(makes).getByRole('link', { name: 'Mazda' })).toHaveFocus()
    await user.tab()
    expect(within(makes).getByRole('link', { name: 'Kia' })).toHaveFocus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/kia/overview'))
    await waitFor(() => expect(trigger).toHaveAttribute('aria-expanded', 'false'))
  })
})

describe('mobile menu dynamic sections', () => {
  it('shows Stock and New Vehicles as collapsible sections', async () => {
    const user = userEvent.setup()
    await renderApp('/about-us', dynamicSite())
    await menuReady()
    await user.click(screen.getByRole('button', { name: 'Menu' }))
    const mobile = screen.getAllByRole('navigation', { name: 'Main' }).find((n) => n.tagName === 'NAV' && n.id)!
    const stock = within(mobile).getByRole('button', { name: 'Stock' })
    expect(stock).toHaveAttribute('aria-expanded', 'false')
    await user.click(stock)
    expect(stock).toHaveAttribute('aria-expanded', 'true')
    expect(await within(mobile).findByRole('link', { name: /^New12/ })).toHaveAttribute('href', '/search/new-cars')
    expect(within(mobile).getByRole('link', { name: /^Land Rover30/ })).toHaveAttribute('href', '/search/land-rover')

    const models = within(mobile).getByRole('button', { name: 'New Vehicles' })
    await user.click(models)
    expect(await within(mobile).findByRole('link', { name: /Kia Carnival/ })).toHaveAttribute('href', '/models/carnival')
    expect(within(mobile).getByRole('link', { name: 'Mazda' })).toHaveAttribute('href', '/mazda/overview')
    await user.click(stock)
    expect(within(mobile).queryByRole('link', { name: /^New12/ })).toBeNull()
  })
})

// docs/behaviour/screens.md#focus-kept
describe('mobile menu and the keyboard', () => {
  it('gives focus back to the Menu button when Escape closes it', async () => {
    const user = userEvent.setup()
    await renderApp('/about-us', dynamicSite())
    await menuReady()
    const button = screen.getByRole('button', { name: 'Menu' })
    button.focus()
    await user.keyboard('{Enter}')
    const mobile = screen.getAllByRole('navigation', { name: 'Main' }).find((n) => n.tagName === 'NAV' && n.id)!
    await user.tab()
    expect(mobile).toContainElement(document.activeElement as HTMLElement)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('button', { name: 'Close menu' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveFocus()
  })
})

// docs/behaviour/accessibility.md#ids and #hidden-focus
describe('header menu ids and focus', () => {
  it('gives each trigger an id without spaces whose aria-controls names the open panel', async () => {
    const user = userEvent.setup()
    await renderApp('/about-us', dynamicSite())
    await menuReady()
    const header = screen.getByRole('banner')
    const trigger = within(header).getByRole('button', { name: 'New Vehicles' })
    await user.click(trigger)
    await waitFor(() => expect(trigger).toHaveAttribute('aria-expanded', 'true'))
    const id = trigger.getAttribute('id')!
    const controls = trigger.getAttribute('aria-controls')!
    expect(id).not.toMatch(/\s/)
    expect(controls).not.toMatch(/\s/)
    const panel = document.getElementById(controls)
    expect(panel).not.toBeNull()
    expect(panel!.getAttribute('aria-labelledby')).toBe(id)
  })

  it('hides nothing that takes focus in the open menu', async () => {
    const user = userEvent.setup()
    await renderApp('/about-us', dynamicSite())
    await menuReady()
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Stock' }))
    const menu = document.querySelector('nav[data-main-menu]')!
    await waitFor(() => expect(menu.querySelector('[aria-expanded="true"]')).not.toBeNull())
    expect(menu.querySelectorAll('[aria-hidden="true"][tabindex="0"]')).toHaveLength(0)
  })
})
