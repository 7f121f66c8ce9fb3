import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, renderRoutes } from '../testing'
import { enquiryName, GaragePage } from './garage-page'

afterEach(() => {
  vi.restoreAllMocks()
  window.localStorage.clear()
})

const Card = ({ hit }: { hit: { name: string } }) => <article aria-label={hit.name}>{hit.name}</article>

const garage = {
  phone: '+61412345678',
  watchlist: [{ id: 7, name: '2021 Mazda CX-5 Maxx' }],
  saved_searches: [
    { id: 3, name: 'Used Toyota', path: '/search/used-cars/toyota', query: 'sortBy=price_asc', created_at: '2026-11-20T01:00:00Z', last_seen_at: '2026-11-20T01:00:00Z', new_matches: 4 },
  ],
  enquiries: [
    { lead_id: 'L1', category: 'enquiry', subcategory: 'General Enquiry', car_id: 7, car_name: '2021 Mazda CX-5 Maxx', created_at: '2026-11-21T01:00:00Z' },
    { lead_id: 'L2', category: 'reserve', subcategory: '3. Offer Accepted', car_id: 8, car_name: '2019 Kia Cerato S', created_at: '2026-11-22T01:00:00Z' },
  ],
}

describe('GaragePage', () => {
  it('lists the watchlist, saved searches with their new count, and enquiries; delete removes a search', async () => {
    window.localStorage.setItem('forecourt:signed-in', '1')
    let deleted = false
    const calls = fakeApi({
      'GET /api/me': () => Response.json({ phone: '+61412345678' }),
      'GET /api/garage': () => Response.json(deleted ? { ...garage, saved_searches: [] } : garage),
      'DELETE /api/saved-searches/3': () => {
        deleted = true
        return new Response(null, { status: 204 })
      },
    })
    renderRoutes(
      [
        { path: '/my-garage', element: <GaragePage title="My Garage" Card={Card} /> },
        { path: '/search/used-cars/toyota', element: <h1>Toyota listing</h1> },
      ],
      '/my-garage',
    )
    expect(await screen.findByRole('article', { name: '2021 Mazda CX-5 Maxx' })).toBeInTheDocument()
    expect(screen.getByText('Signed in as 0412 345 678')).toBeInTheDocument()
    const searches = screen.getByRole('region', { name: 'Saved searches' })
    expect(within(searches).getByText('4 new')).toBeInTheDocument()
    const enquiries = screen.getByRole('region', { name: 'Enquiries sent' })
    expect(within(enquiries).getByRole('cell', { name: 'Enquiry' })).toBeInTheDocument()
    // A reservation is a request the buyer made, not an offer anyone accepted.
    expect(within(enquiries).getByRole('cell', { name: 'Reservation request' })).toBeInTheDocument()
    expect(within(enquiries).queryByText(/Offer Accepted/)).toBeNull()
    expect(within(enquiries).getByRole('cell', { name: '2021 Mazda CX-5 Maxx' })).toBeInTheDocument()

    const user = userEvent.setup()
    await user.click(within(searches).getByRole('button', { name: 'Delete saved search Used Toyota' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/saved-searches/3')).toBe(true))
    expect(within(searches).queryByRole('link', { name: 'Used Toyota' })).not.toBeInTheDocument()
  })

  it('opening a saved search goes to its listing with its query and marks it seen', async () => {
    window.localStorage.setItem('forecourt:signed-in', '1')
    const calls = fakeApi({
      'GET /api/me': () => Response.json({ phone: '+61412345678' }),
      'GET /api/garage': () => Response.json(garage),
      'POST /api/saved-searches/3/seen': () => new Response(null, { status: 204 }),
    })
    renderRoutes(
      [
        { path: '/my-garage', element: <GaragePage title="My Garage" Card={Card} /> },
        { path: '/search/used-cars/toyota', element: <h1>Toyota listing</h1> },
      ],
      '/my-garage',
    )
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Used Toyota' }))
    expect(await screen.findByRole('heading', { name: 'Toyota listing' })).toBeInTheDocument()
    expect(screen.getByTestId('where')).toHaveTextContent('/search/used-cars/toyota?sortBy=price_asc')
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/saved-searches/3/seen')).toBe(true))
  })
})

describe('enquiryName', () => {
  it.each([
    ['reserve', '3. Offer Accepted', 'Reservation request'],
    ['test_drive', 'Test Drive', 'Test drive'],
    ['enquiry', 'General Enquiry', 'Enquiry'],
    ['enquiry', 'Trade-In Enquiry', 'Trade-In Enquiry'],
    ['contact', 'Spin to Win', 'Spin to Win'],
    ['enquiry', '2. Step Two', 'Enquiry'],
    ['finance', 'Finance Enquiry', 'Finance enquiry'],
    ['trade_in', 'Trade-In', 'Trade-in valuation'],
    ['something_new', '', 'Enquiry'],
  ])('%s / %s reads %s', (category, subcategory, want) => {
    expect(enquiryName({ category, subcategory })).toBe(want)
  })
})

const alertGarage = {
  phone: '+61412345678',
  watchlist: [],
  saved_searches: [
    { id: 3, name: 'Used Toyota', path: '/search/used-cars/toyota', query: '', created_at: '2026-11-20T01:00:00Z', last_seen_at: '2026-11-20T01:00:00Z', new_matches: 0, alert: 'daily' },
  ],
  enquiries: [],
}

describe('GaragePage alerts', () => {
  it("shows each saved search's text alert and changes it", async () => {
    window.localStorage.setItem('forecourt:signed-in', '1')
    let alert = 'daily'
    const calls = fakeApi({
      'GET /api/me': () => Response.json({ phone: '+61412345678' }),
      'GET /api/me/alerts': () => Response.json({ price_drops: true }),
      'GET /api/garage': () => Response.json({ ...alertGarage, saved_searches: [{ ...alertGarage.saved_searches[0], alert }] }),
      'PATCH /api/saved-searches/3': (c) => {
        alert = (c.body as { alert: string }).alert
        return new Response(null, { status: 204 })
      },
    })
    renderRoutes([{ path: '/my-garage', element: <GaragePage title="My Garage" Card={Card} /> }], '/my-garage')
    const select = await screen.findByRole('combobox', { name: 'Text alerts for Used Toyota' })
    expect(select).toHaveValue('daily')
    expect(select).toHaveAccessibleDescription(/at most one an hour/)
    await userEvent.setup().selectOptions(select, 'instant')
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH' && (c.body as { alert: string }).alert === 'instant')).toBe(true))
    expect(select).toHaveValue('instant')
  })

  it('turns price-drop texts off, and back when the server refuses', async () => {
    window.localStorage.setItem('forecourt:signed-in', '1')
    let refuse = false
    let on = true
    const calls = fakeApi({
      'GET /api/me': () => Response.json({ phone: '+61412345678' }),
      'GET /api/me/alerts': () => Response.json({ price_drops: on }),
      'GET /api/garage': () => Response.json(alertGarage),
      'PUT /api/me/alerts': (c) => {
        if (refuse) return Response.json({ error: { code: 'internal', message: 'Internal error.' } }, { status: 500 })
        on = (c.body as { price_drops: boolean }).price_drops
        return Response.json(c.body)
      },
    })
    renderRoutes([{ path: '/my-garage', element: <GaragePage title="My Garage" Card={Card} /> }], '/my-garage')
    const watchlist = await screen.findByRole('region', { name: 'Watchlist' })
    const box = await within(watchlist).findByRole('checkbox', { name: 'Text me when a car on my watchlist drops in price' })
    expect(box).toBeChecked()
    const user = userEvent.setup()
    await user.click(box)
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && (c.body as { price_drops: boolean }).price_drops === false)).toBe(true))
    expect(box).not.toBeChecked()
    refuse = true
    await user.click(box)
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be changed')
    await waitFor(() => expect(box).not.toBeChecked())
  })
})
