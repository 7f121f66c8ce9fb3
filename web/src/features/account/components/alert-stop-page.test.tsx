import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, renderRoutes } from '../testing'
import { AlertStopPage } from './alert-stop-page'

afterEach(() => vi.restoreAllMocks())

const route = [{ path: '/alerts/stop', element: <AlertStopPage /> }]

describe('AlertStopPage', () => {
  it('turns the alert off as it opens, without sign-in, and offers to turn it back on', async () => {
    const calls = fakeApi({
      'POST /api/alerts/stop': () => Response.json({ kind: 'new_matches', name: 'Used Toyota', alert: 'off', on: false }),
      'POST /api/alerts/resume': () => Response.json({ kind: 'new_matches', name: 'Used Toyota', alert: 'instant', on: true }),
    })
    renderRoutes(route, '/alerts/stop?t=tok-123')
    expect(await screen.findByRole('heading', { name: 'Alert turned off' })).toBeInTheDocument()
    expect(screen.getByText(/no more texts about new cars matching "Used Toyota"/)).toBeInTheDocument()
    expect(calls.filter((c) => c.path === '/api/alerts/stop')).toEqual([{ method: 'POST', path: '/api/alerts/stop', body: { token: 'tok-123' } }])
    await userEvent.setup().click(screen.getByRole('button', { name: 'Turn it back on' }))
    expect(await screen.findByRole('heading', { name: 'Alert turned back on' })).toBeInTheDocument()
    await waitFor(() => expect(calls.some((c) => c.path === '/api/alerts/resume' && (c.body as { token: string }).token === 'tok-123')).toBe(true))
    expect(screen.queryByRole('button', { name: 'Turn it back on' })).not.toBeInTheDocument()
  })

  it('names price-drop texts', async () => {
    fakeApi({ 'POST /api/alerts/stop': () => Response.json({ kind: 'price_drop', on: false }) })
    renderRoutes(route, '/alerts/stop?t=abc')
    expect(await screen.findByText(/no more texts when a car on your watchlist drops in price/)).toBeInTheDocument()
  })

  it('says so when the link stops nothing', async () => {
    fakeApi({ 'POST /api/alerts/stop': () => Response.json({ error: { code: 'not_found', message: 'This alert no longer exists.' } }, { status: 404 }) })
    renderRoutes(route, '/alerts/stop?t=gone')
    expect(await screen.findByText(/no longer stops an alert/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Turn it back on' })).not.toBeInTheDocument()
  })

  it('calls nothing without a token', async () => {
    const calls = fakeApi({})
    renderRoutes(route, '/alerts/stop')
    expect(await screen.findByText(/no longer stops an alert/)).toBeInTheDocument()
    expect(calls).toHaveLength(0)
  })
})
