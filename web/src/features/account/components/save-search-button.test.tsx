import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, renderRoutes } from '../testing'
import { SaveSearchButton } from './save-search-button'

afterEach(() => {
  vi.restoreAllMocks()
  window.localStorage.clear()
})

describe('SaveSearchButton', () => {
  it('saves the listing and says alerts come by text, and how to stop them', async () => {
    window.localStorage.setItem('forecourt:signed-in', '1')
    const calls = fakeApi({
      'GET /api/me': () => Response.json({ phone: '+61412345678' }),
      'POST /api/saved-searches': () =>
        Response.json(
          { search: { id: 1, name: 'Toyotas', path: '/search/used-cars/toyota', query: '', created_at: '', last_seen_at: '', new_matches: 0, alert: 'daily' } },
          { status: 201 },
        ),
    })
    renderRoutes([{ path: '/search/used-cars/toyota', element: <SaveSearchButton name="Toyotas" /> }], '/search/used-cars/toyota')
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save this search' }))
    const toast = await screen.findByTestId('toast')
    expect(toast).toHaveTextContent('Search saved')
    expect(toast).toHaveTextContent(/text you its new matches each morning.*stop link/)
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/saved-searches')).toBe(true))
  })
})
