import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { hitFixture } from '@/testing/hit-fixture'
import { renderApp } from '@/testing/render-app'
import { siteFixture } from '@/testing/site-fixture'
import type { SearchResponse } from '../api/get-search'
import { readUrlState } from '../lib/search-url'

const makes = [
  { label: 'Toyota', value: 'Toyota', count: 120 },
  { label: 'Mazda', value: 'Mazda', count: 80 },
  { label: 'Ford', value: 'Ford', count: 40 },
]

// echo is the server's normalised state for a /search/used-cars URL.
function echo(url: URL): SearchResponse['query'] {
  const s = readUrlState(url.search)
  return { ...s, refinements: { car_type: ['used'], ...s.refinements } }
}

function response(over: Partial<SearchResponse> = {}, firstId = 1, n = 21): SearchResponse {
  return {
    hits: Array.from({ length: n }, (_, i) => hitFixture({ id: firstId + i, model: `Model ${firstId + i}` })),
    count: 1234,
    total: 1234,
    page: 1,
    pages: 59,
    hits_per_page: 21,
    facets: {
      car_type: [
        { label: 'Used', value: 'used', count: 1000 },
        { label: 'New', value: 'new', count: 200 },
        { label: 'Demo', value: 'demo', count: 34 },
      ],
      make: makes,
      body: [{ label: 'SUV', value: 'SUV', count: 300 }],
      km: [{ label: 'Under 50,000 km', value: '0-50000', count: 400 }],
    },
    stats: {},
    promo_cards: [],
    query: { text: '', page: 1, sort: '', refinements: { car_type: ['used'] }, ranges: {} },
    // Left empty, the mock server fills in the asked path: it is canonical.
    path: '',
    canonical: '',
    ms: 1,
    ...over,
  }
}

type Answer = SearchResponse | { status: number; body: unknown } | Promise<SearchResponse>
let answer: (url: URL) => Answer
let calls: URL[]
let events: { event_id: number }[]
let suggestions: { label: string; path: string; count: number }[]
const searchCalls = () => calls.filter((c) => c.pathname === '/api/search')

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

beforeEach(() => {
  calls = []
  events = []
  suggestions = []
  answer = (url) => response({ query: echo(url) })
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://test.local')
    if (url.pathname === '/api/events') {
      events.push(JSON.parse(String(init?.body)))
      return new Response(null, { status: 204 })
    }
    calls.push(url)
    if (url.pathname === '/api/suggest') return json(200, { suggestions })
    const a = await answer(url)
    if ('status' in a && 'body' in a) return json(a.status, a.body)
    if (a.path) return json(200, a)
    const path = url.searchParams.get('path') ?? ''
    const rest = new URLSearchParams(url.search)
    rest.delete('path')
    return json(200, { ...a, path, canonical: rest.size > 0 ? `${path}?${rest}` : path })
  })
  window.localStorage.clear()
})

afterEach(() => vi.restoreAllMocks())

const cardCount = () => within(screen.getByRole('list', { name: 'Search results' })).getAllByRole('article').length
const decoded = (s: string) => decodeURIComponent(s)

describe('search results page', () => {
  it('nests its headings without skipping a level, so a screen reader can move through them', async () => {
    await renderApp('/search/used-cars')
    await screen.findByText('Showing 1–21 of 1,234 cars')
    const main = screen.getByRole('main')
    const levels = within(main)
      .getAllByRole('heading')
      .map((h) => Number(h.tagName.slice(1)))
    expect(levels[0]).toBe(1)
    expect(levels.length).toBeGreaterThan(10)
    levels.slice(1).forEach((level, i) => {
      const before = levels[i] ?? 0
      expect(level, `heading ${i + 1} after an h${before}`).toBeLessThanOrEqual(before + 1)
    })
  })

  it('renders the hits, the heading and the count from the answer', async () => {
    await renderApp('/search/used-cars')
    expect(await screen.findByText('Showing 1–21 of 1,234 cars')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Used Cars for Sale' })).toBeInTheDocument()
    expect(cardCount()).toBe(21)
    expect(screen.getByRole('link', { name: '2021 Toyota Model 1' })).toHaveAttribute('href', '/cars/2021-toyota-corolla-1')
    expect(calls[0]?.pathname).toBe('/api/search')
    expect(calls[0]?.searchParams.get('path')).toBe('/search/used-cars')
    expect(document.title).toBe('Used Cars for Sale | Test Motors')
  })

  it('words the heading, the title and the count for a caravan yard', async () => {
    const base = siteFixture()
    await renderApp('/search/used-cars', siteFixture({ wording: { ...base.wording, stock_noun: 'caravan', stock_noun_plural: 'caravans' } }))
    expect(await screen.findByText('Showing 1–21 of 1,234 caravans')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Used Caravans for Sale' })).toBeInTheDocument()
    expect(document.title).toBe('Used Caravans for Sale | Test Motors')
  })

  it('offers a towed yard no kilometres and no "car type"', async () => {
    const base = siteFixture()
    const view = await renderApp('/search/used-cars')
    await screen.findByText('Showing 1–21 of 1,234 cars')
    let panel = screen.getByRole('complementary', { name: 'Filters' })
    expect(await within(panel).findByRole('button', { name: 'Kilometres' })).toBeInTheDocument()
    view.unmount()
    await renderApp('/search/used-cars', siteFixture({ wording: { ...base.wording, viewing: 'inspection', stock_noun: 'caravan', stock_noun_plural: 'caravans' } }))
    await screen.findByText('Showing 1–21 of 1,234 caravans')
    panel = screen.getByRole('complementary', { name: 'Filters' })
    expect(await within(panel).findByRole('button', { name: 'New or used' })).toBeInTheDocument()
    expect(within(panel).queryByRole('button', { name: 'Car type' })).toBeNull()
    expect(within(panel).queryByRole('button', { name: 'Kilometres' })).toBeNull()
  })

  it('shows 21 placeholders until the first answer', async () => {
    let release!: (r: SearchResponse) => void
    answer = () => new Promise<SearchResponse>((r) => (release = r))
    await renderApp('/search/used-cars')
    expect(await screen.findByRole('status', { name: 'Loading cars' })).toBeInTheDocument()
    expect(screen.getAllByTestId('car-card-skeleton')).toHaveLength(21)
    await act(async () => release(response()))
    expect(await screen.findByText('Showing 1–21 of 1,234 cars')).toBeInTheDocument()
    expect(screen.queryByTestId('car-card-skeleton')).toBeNull()
  })

  it('lays the grid out per the site config, not per site', async () => {
    await renderApp('/search/used-cars', siteFixture({ search: { ...siteFixture().search, cards_per_row: 4 } }))
    await screen.findByText('Showing 1–21 of 1,234 cars')
    expect(screen.getByRole('list', { name: 'Search results' }).className).toContain('xl:grid-cols-4')
  })

  it('adds a chosen make to the listing path, and shows other makes still counted (disjunctive facets)', async () => {
    const user = userEvent.setup()
    answer = (url) =>
      url.searchParams.get('path') === '/search/used-cars/toyota'
        ? response({
            count: 120,
            pages: 6,
            query: { text: '', page: 1, sort: '', refinements: { car_type: ['used'], make: ['Toyota'] }, ranges: {} },
          }, 500, 3)
        : response()
    const { router } = await renderApp('/search/used-cars')
    await screen.findByText('Showing 1–21 of 1,234 cars')
    const filters = screen.getByRole('complementary', { name: 'Filters' })
    // The facet panel is a part of its own, drawn once it has loaded.
    await user.click((await within(filters).findAllByRole('checkbox', { name: /^Toyota/ }))[0]!)
    // docs/behaviour/screens.md#routes: the path is derived from the filters.
    await waitFor(() => expect(router.state.location.pathname).toBe('/search/used-cars/toyota'))
    expect(router.state.location.search).toBe('')
    expect(await screen.findByText('Showing 1–3 of 120 cars')).toBeInTheDocument()
    expect(calls.at(-1)?.searchParams.get('path')).toBe('/search/used-cars/toyota')
    // The answer's make facet still counts Mazda and Ford: they stay offered.
    const panel = screen.getByRole('complementary', { name: 'Filters' })
    expect(within(panel).getAllByRole('checkbox', { name: /^Toyota/ })[0]).toBeChecked()
    expect(within(panel).getAllByRole('checkbox', { name: 'Mazda (80)' })[0]).not.toBeChecked()
    expect(screen.getByRole('heading', { level: 1, name: 'Used Toyota for Sale' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Remove filter: Toyota' })).toBeInTheDocument()

    // Back restores the previous results.
    await act(() => router.navigate(-1))
    expect(await screen.findByText('Showing 1–21 of 1,234 cars')).toBeInTheDocument()
    expect(within(panel).getAllByRole('checkbox', { name: /^Toyota/ })[0]).not.toBeChecked()
  })

  it('splits makes into Popular Makes and All Makes, and orders car types new, demo, used', async () => {
    await renderApp('/search/used-cars')
    await screen.findByText('Showing 1–21 of 1,234 cars')
    const panel = screen.getByRole('complementary', { name: 'Filters' })
    expect(await within(panel).findByRole('heading', { name: 'Popular Makes' })).toBeInTheDocument()
    const types = within(within(panel).getByRole('group', { name: 'Car type' })).getAllByRole('checkbox')
    expect(types.map((t) => t.getAttribute('id') && t.parentElement?.textContent)).toEqual(['Any car type', 'New (200)', 'Demo (34)', 'Used (1,000)'])
    const logo = within(panel).getByRole('group', { name: 'Make' }).querySelector('img')
    expect(logo).toHaveAttribute('src', '/img/make/toyota.png')
    expect(logo).toHaveAttribute('alt', '')
    expect(logo).toHaveAttribute('loading', 'lazy')
  })

  it('keeps each facet a list inside its labelled group (docs/behaviour/accessibility.md#lists)', async () => {
    await renderApp('/search/used-cars')
    await screen.findByText('Showing 1–21 of 1,234 cars')
    const panel = screen.getByRole('complementary', { name: 'Filters' })
    const types = within(panel).getByRole('group', { name: 'Car type' })
    expect(within(types).getByRole('list')).toBeInTheDocument()
    expect(panel.querySelectorAll('ul[role], ol[role]')).toHaveLength(0)
  })

  it('hands focus to the group before when an answer drops the group in focus (docs/behaviour/screens.md#focus-kept)', async () => {
    answer = (url) => {
      const r = response({ query: echo(url) })
      if (url.searchParams.get('page') !== '2') return r
      const { body: _gone, ...facets } = r.facets
      return { ...r, facets }
    }
    const { router } = await renderApp('/search/used-cars')
    await screen.findByText('Showing 1–21 of 1,234 cars')
    const panel = screen.getByRole('complementary', { name: 'Filters' })
    const suv = await within(panel).findByRole('checkbox', { name: /^SUV/ })
    act(() => suv.focus())
    await act(() => router.navigate('/search/used-cars?page=2'))
    await waitFor(() => expect(within(panel).queryByRole('group', { name: 'Body type' })).not.toBeInTheDocument())
    expect(within(panel).getByRole('button', { name: 'Make' })).toHaveFocus()
  })

  it('lists All Makes under Popular Makes (docs/behaviour/constants.md, Facets)', async () => {
    await renderApp('/search/used-cars')
    await screen.findByText('Showing 1–21 of 1,234 cars')
    const panel = screen.getByRole('complementary', { name: 'Filters' })
    const popular = await within(panel).findByRole('list', { name: 'Popular Makes' })
    const all = within(panel).getByRole('list', { name: 'All Makes' })
    expect(within(popular).getAllByRole('checkbox').map((c) => c.parentElement?.textContent)).toEqual(['Toyota (120)', 'Mazda (80)', 'Ford (40)'])
    expect(within(all).getAllByRole('checkbox').map((c) => c.parentElement?.textContent)).toEqual(['Ford (40)', 'Mazda (80)', 'Toyota (120)'])
  })

  it('takes the server path where it spells the listing otherwise, without asking again', async () => {
    answer = (url) => (url.searchParams.get('path') === '/search/used-cars/' ? response({ path: '/search/used-cars', canonical: '/search/used-cars?page=2' }) : response())
    const { router } = await renderApp('/search/used-cars/?page=2')
    await waitFor(() => expect(router.state.location.pathname).toBe('/search/used-cars'))
    expect(router.state.location.search).toBe('?page=2')
    await screen.findByText('Showing 1–21 of 1,234 cars')
    expect(calls).toHaveLength(1)
  })

  it('sends event 49 once per search page view, not per filter chosen (docs/behaviour/calls.md)', async () => {
    const user = userEvent.setup()
    const { router } = await renderApp('/search/used-cars')
    await screen.findByText('Showing 1–21 of 1,234 cars')
    await waitFor(() => expect(events).toEqual([expect.objectContaining({ event_id: 49 })]))
    const filters = screen.getByRole('complementary', { name: 'Filters' })
    await user.click(within(filters).getAllByRole('checkbox', { name: /^Mazda/ })[0]!)
    await waitFor(() => expect(router.state.location.pathname).toBe('/search/used-cars/mazda'))
    await act(() => router.navigate(-1))
    await waitFor(() => expect(router.state.location.pathname).toBe('/search/used-cars'))
    expect(events).toHaveLength(1)
    // Another listing opened by a link is another view.
    await act(() => router.navigate('/search/new-cars'))
    await waitFor(() => expect(events).toHaveLength(2))
  })

  it('drops a filter the path implies by moving to the all-cars listing', async () => {
    const user = userEvent.setup()
    answer = (url) =>
      url.searchParams.get('path') === '/search/toyota'
        ? response({ query: { text: '', page: 1, sort: '', refinements: { make: ['Toyota'] }, ranges: {} } })
        : response({ query: { text: '', page: 1, sort: '', refinements: {}, ranges: {} } })
    const { router } = await renderApp('/search/toyota')
    await screen.findByRole('heading', { level: 1, name: 'Toyota for Sale' })
    await user.click(screen.getByRole('button', { name: 'Remove filter: Toyota' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/search/new-used-and-demo-cars/'))
    expect(router.state.location.search).toBe('')
  })

  it('sets sortBy from the sort select', async () => {
    const user = userEvent.setup()
    const { router } = await renderApp('/search/used-cars?page=3')
    await screen.findByText('Showing 1–21 of 1,234 cars')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price low to high')
    await waitFor(() => expect(router.state.location.search).toBe('?sortBy=price_asc'))
    expect(calls.at(-1)?.searchParams.get('sortBy')).toBe('price_asc')
  })

  it("shows the site's default sort, and leaves sortBy out when it is chosen (docs/behaviour/calls.md, Search service query)", async () => {
    const user = userEvent.setup()
    const site = siteFixture({ search: { ...siteFixture().search, default_sort: 'price_asc' } })
    const { router } = await renderApp('/search/used-cars', site)
    await screen.findByText('Showing 1–21 of 1,234 cars')
    const select = screen.getByRole('combobox', { name: 'Sort by' })
    expect(select).toHaveDisplayValue('Price low to high')
    await user.selectOptions(select, 'Recommended')
    await waitFor(() => expect(router.state.location.search).toBe('?sortBy=rank'))
    await user.selectOptions(select, 'Price low to high')
    await waitFor(() => expect(router.state.location.search).toBe(''))
  })

  it('sends trimmed free text as query after a pause in typing', async () => {
    const user = userEvent.setup()
    const { router } = await renderApp('/search/used-cars')
    await screen.findByText('Showing 1–21 of 1,234 cars')
    await user.type(screen.getByRole('combobox', { name: 'Search stock' }), '  hilux ')
    await waitFor(() => expect(router.state.location.search).toBe('?query=hilux'), { timeout: 2000 })
    await waitFor(() => expect(searchCalls().at(-1)?.searchParams.get('query')).toBe('hilux'))
    expect(screen.getByRole('combobox', { name: 'Search stock' })).toHaveValue('  hilux ')
  })

  it('opens a chosen suggestion without searching the words typed to find it', async () => {
    suggestions = [{ label: 'Toyota HiLux', path: '/search/used-cars/toyota/hilux', count: 12 }]
    const user = userEvent.setup()
    const { router } = await renderApp('/search/used-cars')
    await screen.findByText('Showing 1–21 of 1,234 cars')
    const box = screen.getByRole('combobox', { name: 'Search stock' })
    await user.type(box, 'hilu')
    const option = await screen.findByRole('option', { name: 'Toyota HiLux, 12 cars' })
    const before = searchCalls().length
    await user.click(option)
    await waitFor(() => expect(router.state.location.pathname).toBe('/search/used-cars/toyota/hilux'))
    expect(calls.find((c) => c.pathname === '/api/suggest')?.searchParams.get('q')).toBe('hilu')
    await waitFor(() => expect(searchCalls().at(-1)?.searchParams.get('path')).toBe('/search/used-cars/toyota/hilux'))
    expect(box).toHaveValue('')
    expect(router.state.location.search).toBe('')
    expect(searchCalls().slice(before).filter((c) => c.searchParams.get('path') !== '/search/used-cars' && c.searchParams.has('query'))).toEqual([])
  })

  it('searches a price-slider range in the same order: a filter never adds a sort', async () => {
    const user = userEvent.setup()
    const { router } = await renderApp('/search/used-cars')
    await screen.findByText('Showing 1–21 of 1,234 cars')
    const panel = screen.getByRole('complementary', { name: 'Filters' })
    const min = within(panel).getByRole('slider', { name: 'Minimum price' })
    expect(min).toHaveAttribute('aria-valuemin', '5000')
    expect(min).toHaveAttribute('aria-valuemax', '250000')
    min.focus()
    await user.keyboard('{ArrowRight}')
    await waitFor(() => expect(decoded(router.state.location.search)).toBe('?range[price]=5500:250000'))
    await waitFor(() => expect(calls.at(-1)?.searchParams.get('sortBy')).toBeNull())
  })

  it('links every page with its URL and marks the current one', async () => {
    answer = (url) => response({ page: Number(url.searchParams.get('page') ?? 1), pages: 3, query: echo(url) })
    await renderApp('/search/used-cars?sortBy=year_desc&page=2')
    const nav = await screen.findByRole('navigation', { name: 'Pagination' })
    expect(within(nav).getByRole('link', { name: 'Page 3' })).toHaveAttribute('href', '/search/used-cars?sortBy=year_desc&page=3')
    expect(within(nav).getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', '/search/used-cars?sortBy=year_desc')
    expect(within(nav).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')
    expect(within(nav).getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/search/used-cars?sortBy=year_desc&page=3')
    expect(within(nav).getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/search/used-cars?sortBy=year_desc')
  })

  it('keeps the previous hits while the next page loads (docs/behaviour/states.md#search-load)', async () => {
    const user = userEvent.setup()
    let release!: (r: SearchResponse) => void
    answer = (url) =>
      url.searchParams.get('page') === '2' ? new Promise<SearchResponse>((r) => (release = r)) : response({ pages: 3 })
    await renderApp('/search/used-cars')
    await screen.findByText('Showing 1–21 of 1,234 cars')
    await user.click(screen.getByRole('link', { name: 'Page 2' }))
    await waitFor(() => expect(screen.getByRole('list', { name: 'Search results' })).toHaveAttribute('aria-busy', 'true'))
    expect(screen.getByRole('link', { name: '2021 Toyota Model 1' })).toBeInTheDocument()
    await act(async () => release(response({ page: 2, pages: 3 }, 22)))
    expect(await screen.findByText('Showing 22–42 of 1,234 cars')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: '2021 Toyota Model 1' })).toBeNull()
    expect(screen.getByRole('list', { name: 'Search results' })).toHaveAttribute('aria-busy', 'false')
  })

  it('keeps the previous hits and shows an alert when a search fails (docs/behaviour/errors.md, Search error)', async () => {
    const user = userEvent.setup()
    answer = (url) =>
      url.searchParams.get('page') === '2' ? { status: 500, body: { error: { code: 'internal', message: 'Internal error.' } } } : response({ pages: 3 })
    await renderApp('/search/used-cars')
    await screen.findByText('Showing 1–21 of 1,234 cars')
    await user.click(screen.getByRole('link', { name: 'Page 2' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('showing the previous results')
    expect(screen.getByRole('link', { name: '2021 Toyota Model 1' })).toBeInTheDocument()
  })

  it('searches near a postcode: the URL keeps it, cards say how far, nearest first is offered (docs/behaviour/http.md#distance)', async () => {
    const user = userEvent.setup()
    answer = (url) =>
      url.searchParams.get('postcode') === '9998'
        ? { status: 422, body: { error: { code: 'invalid', message: 'Invalid postcode', fields: { postcode: 'Invalid postcode' } } } }
        : url.searchParams.get('postcode')
          ? response({ query: echo(url), hits: [hitFixture({ id: 7, location_name: 'Summit Kia Maroochydore', distance_km: 12 })] }, 7, 1)
          : response({ query: echo(url) })
    const { router } = await renderApp('/search/used-cars')
    await screen.findByText('Showing 1–21 of 1,234 cars')
    const filters = screen.getByRole('complementary', { name: 'Filters' })
    const postcode = await within(filters).findByRole('textbox', { name: 'Near postcode' })
    // A postcode that is not four digits is refused before any search.
    await user.type(postcode, '45')
    await user.click(within(filters).getByRole('button', { name: 'Search nearby' }))
    expect(await within(filters).findByRole('alert')).toHaveTextContent('Invalid postcode. Please enter a 4-digit number.')
    expect(postcode).toHaveAttribute('aria-invalid', 'true')
    await user.clear(postcode)
    await user.type(postcode, '4558')
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Within' }), '25')
    await user.click(within(filters).getByRole('button', { name: 'Search nearby' }))
    await waitFor(() => expect(decoded(router.state.location.search)).toBe('?postcode=4558&distance=25'))
    expect(await screen.findByText(/12 km away/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Remove filter: Within 25 km of 4558' })).toBeInTheDocument()
    const sort = screen.getByRole('combobox', { name: 'Sort by' })
    await user.selectOptions(sort, 'Nearest first')
    await waitFor(() => expect(decoded(router.state.location.search)).toBe('?postcode=4558&distance=25&sortBy=distance_asc'))
    // The chip takes the distance away, and nearest first with it.
    await user.click(screen.getByRole('button', { name: 'Remove filter: Within 25 km of 4558' }))
    await waitFor(() => expect(router.state.location.search).toBe(''))
    // An unknown postcode says so, beside the results, never "try again".
    await act(() => router.navigate('/search/used-cars?postcode=9998&distance=25'))
    const alerts = await screen.findAllByRole('alert')
    expect(alerts.map((a) => a.textContent).join(' ')).toContain('Invalid postcode')
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
  })

  it('an address the server cannot search names the part and offers the listing without it, never "try again"', async () => {
    const user = userEvent.setup()
    answer = (url) =>
      url.searchParams.get('range[price]') === 'abc'
        ? {
            status: 422,
            body: {
              error: {
                code: 'invalid',
                message: 'Invalid search: range[price] must be min:max with numbers, either end may be empty.',
                fields: { 'range[price]': 'must be min:max, for example 5000:30000' },
              },
            },
          }
        : response({ query: echo(url) })
    const { router } = await renderApp('/search/used-cars?range[price]=abc&sortBy=price_asc')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The price range in this address cannot be used: must be min:max, for example 5000:30000.')
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
    await user.click(within(alert).getByRole('button', { name: 'Show results without it' }))
    await waitFor(() => expect(decoded(router.state.location.search)).toBe('?sortBy=price_asc'))
    expect(await screen.findByText('Showing 1–21 of 1,234 cars')).toBeInTheDocument()
  })

  it('offers the distance search on New Zealand sites, from New Zealand postcodes', async () => {
    await renderApp('/search/used-cars', siteFixture({ country: 'NZ' }))
    await screen.findByText('Showing 1–21 of 1,234 cars')
    const filters = screen.getByRole('complementary', { name: 'Filters' })
    await within(filters).findAllByRole('checkbox', { name: /^Toyota/ })
    expect(within(filters).getByRole('textbox', { name: 'Near postcode' })).toBeInTheDocument()
  })

  it('hides the distance search where the country has no postcode table', async () => {
    await renderApp('/search/used-cars', siteFixture({ country: 'FR' }))
    await screen.findByText('Showing 1–21 of 1,234 cars')
    const filters = screen.getByRole('complementary', { name: 'Filters' })
    await within(filters).findAllByRole('checkbox', { name: /^Toyota/ })
    expect(within(filters).queryByRole('textbox', { name: 'Near postcode' })).toBeNull()
  })

  it('answers a mistyped make with the 404 page and the listing it may have meant, never a retry', async () => {
    answer = () => ({
      status: 404,
      body: {
        error: {
          code: 'not_found',
          message: 'Unknown listing path segment "toyata".',
          fields: { path: 'toyata' },
          suggestions: [{ label: 'Toyota', path: '/search/used-cars/toyota' }],
        },
      },
    })
    await renderApp('/search/used-cars/toyata')
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument()
    expect(screen.getByText(/Did you mean/)).toHaveTextContent('Did you mean Toyota?')
    expect(screen.getByRole('link', { name: 'Toyota' })).toHaveAttribute('href', '/search/used-cars/toyota')
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument()
    expect(document.title).toBe('Page not found | Test Motors')
    expect(calls).toHaveLength(1)
  })

  it.each([
    ['', '/special-offers'],
    ['/latest-deals', '/latest-deals'],
  ])('shows docs/behaviour/errors.md no-results texts with Clear Filters to the refresh path (%s)', async (refresh, href) => {
    answer = () => response({ hits: [], count: 0, total: 0, pages: 0 })
    await renderApp('/search/used-cars?query=zzz', siteFixture({ search: { ...siteFixture().search, refresh_path: refresh } }))
    expect(
      await screen.findByText('No results found for your search at this time. Please try adjusting the filters for more results.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Clear Filters' })).toHaveAttribute('href', href)
  })

  it('offers the listing the suggestions would have opened when typed words with a slip find nothing', async () => {
    answer = () =>
      response({ hits: [], count: 0, total: 0, pages: 0, did_you_mean: { label: 'Toyota HiLux', path: '/search/toyota/hilux', count: 93 } })
    const user = userEvent.setup()
    const { router } = await renderApp('/search/used-cars?query=toyta%20hilx')
    const empty = await screen.findByRole('region', { name: 'No results' })
    expect(empty).toHaveTextContent('Did you mean Toyota HiLux? (93 cars)')
    answer = (url) => response({ query: echo(url) })
    await user.click(within(empty).getByRole('link', { name: 'Toyota HiLux' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/search/toyota/hilux'))
  })

  it('inserts a promo card at position 5', async () => {
    answer = () =>
      response({ promo_cards: [{ position: 5, random_offset: 0, title: '3 Year Warranty', text: 'On every used car', href: '/warranty', image: '/img/promo/w.jpg' }] })
    await renderApp('/search/used-cars')
    await screen.findByText('Showing 1–21 of 1,234 cars')
    const items = [...screen.getByRole('list', { name: 'Search results' }).children] as HTMLElement[]
    expect(items).toHaveLength(22)
    expect(items[4]).toHaveTextContent('3 Year Warranty')
    expect(within(items[4]!).getByRole('link')).toHaveAttribute('href', '/warranty')
    expect(items[3]).toHaveTextContent('Model 4')
    expect(items[5]).toHaveTextContent('Model 5')
  })

  it('gives the first two card images priority and the rest lazy loading', async () => {
    await renderApp('/search/used-cars')
    await screen.findByText('Showing 1–21 of 1,234 cars')
    const imgs = within(screen.getByRole('list', { name: 'Search results' })).getAllByRole('img')
    expect(imgs.slice(0, 2).map((i) => i.getAttribute('fetchpriority'))).toEqual(['high', 'high'])
    expect(imgs[2]).toHaveAttribute('loading', 'lazy')
  })

  it('opens the filters dialog and closes it with Show Me N cars', async () => {
    const user = userEvent.setup()
    await renderApp('/search/used-cars')
    await screen.findByText('Showing 1–21 of 1,234 cars')
    await user.click(screen.getByRole('button', { name: 'Filters (1)' }))
    const dialog = await screen.findByRole('dialog', { name: 'Filters' })
    const show = within(dialog).getByRole('button', { name: 'Show Me 1,234 cars' })
    await waitFor(() => expect(show).toHaveTextContent('Show Me 1,234 cars'))
    await user.click(show)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })
})
