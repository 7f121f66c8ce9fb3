import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, renderRoutes, signedOut } from '../testing'
import { setSessionHint } from '@/lib/session-hint'
import { AlertStopPage, alertStopTexts } from './alert-stop-page'

afterEach(() => {
  vi.restoreAllMocks()
  setSessionHint(false)
})

const route = [
  { path: '/alerts/stop', element: <AlertStopPage /> },
  { path: '/sign-in', element: <p>Sign in</p> },
]

describe('AlertStopPage', () => {
  it('turns the alert off as it opens, without sign-in, and leads through sign-in to turn it back on', async () => {
    const calls = fakeApi({
      'GET /api/me': signedOut,
      'POST /api/alerts/stop': () => Response.json({ kind: 'new_matches', name: 'Used Toyota', alert: 'off', on: false, spent: false }),
    })
    renderRoutes(route, '/alerts/stop?t=tok-123')
    expect(await screen.findByRole('heading', { name: 'Alert turned off' })).toBeInTheDocument()
    expect(screen.getByText(/no more texts about new cars matching "Used Toyota"/)).toBeInTheDocument()
    expect(calls.filter((c) => c.path === '/api/alerts/stop')).toEqual([{ method: 'POST', path: '/api/alerts/stop', body: { token: 'tok-123' } }])
    // docs/behaviour/http.md#alert-stop-links: the token alone never turns
    // it back on; the way back on is through sign-in to My Garage.
    const resume = await screen.findByRole('link', { name: 'Turn it back on' })
    expect(resume).toHaveAttribute('href', '/sign-in?type=my-garage&redirect=%2Fmy-garage')
    await userEvent.setup().click(resume)
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/sign-in?type=my-garage&redirect=%2Fmy-garage'))
    expect(calls.some((c) => c.path === '/api/alerts/resume')).toBe(false)
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1)
  })

  it('leads a signed-in buyer straight to My Garage to turn it back on', async () => {
    setSessionHint(true)
    fakeApi({
      'GET /api/me': () => Response.json({ phone: '+61412345678' }),
      'POST /api/alerts/stop': () => Response.json({ kind: 'price_drop', on: false, spent: false }),
    })
    renderRoutes(route, '/alerts/stop?t=tok-9')
    await waitFor(() => expect(screen.getByRole('link', { name: 'Turn it back on' })).toHaveAttribute('href', '/my-garage'))
  })

  it('says a spent link changed nothing and the alert is already off, without an error', async () => {
    fakeApi({
      'GET /api/me': signedOut,
      'POST /api/alerts/stop': () => Response.json({ kind: 'new_matches', name: 'Used Toyota', alert: 'off', on: false, spent: true }),
    })
    renderRoutes(route, '/alerts/stop?t=used')
    expect(await screen.findByRole('heading', { name: 'This alert is already off' })).toBeInTheDocument()
    expect(screen.getByText(/used before, so it changed nothing/)).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.queryByText(alertStopTexts.failed)).not.toBeInTheDocument()
  })

  it('says a spent link left an alert that was turned back on as it is', async () => {
    fakeApi({
      'GET /api/me': signedOut,
      'POST /api/alerts/stop': () => Response.json({ kind: 'new_matches', name: 'Used Toyota', alert: 'daily', on: true, spent: true }),
    })
    renderRoutes(route, '/alerts/stop?t=used')
    expect(await screen.findByRole('heading', { name: 'This alert is on' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Turn it back on' })).not.toBeInTheDocument()
  })

  it('names price-drop texts', async () => {
    fakeApi({ 'POST /api/alerts/stop': () => Response.json({ kind: 'price_drop', on: false, spent: false }) })
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
