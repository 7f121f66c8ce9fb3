import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, renderRoutes } from '../testing'
import { GaragePage } from './garage-page'

afterEach(() => {
  vi.restoreAllMocks()
  window.localStorage.clear()
})

const Card = ({ hit }: { hit: { name: string } }) => <article aria-label={hit.name}>{hit.name}</article>

const garage = {
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
      'GET /api/garage': () => Response.json({ ...garage, saved_searches: [{ ...garage.saved_searches[0], alert }] }),
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
      'GET /api/garage': () => Response.json(garage),
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
