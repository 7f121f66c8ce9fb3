import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, renderRoutes, signedOut, type Handler } from '../testing'
import { WatchlistButton } from './watchlist-button'

afterEach(() => {
  vi.restoreAllMocks()
  window.sessionStorage.clear()
  window.localStorage.clear()
})

const car = (id: number, name: string) => <WatchlistButton key={id} carId={id} name={name} />
const routes = [
  { path: '/cars/one', element: [car(1, '2021 Mazda CX-5'), car(2, '2019 Subaru Forester')] },
  { path: '/sign-in', element: <h1>Sign-in page</h1> },
  { path: '/watchlist', element: <h1>Watchlist page</h1> },
]

// A watchlist that starts empty; save answers after `gate` resolves so the
// test can see the button before the server has spoken.
function api(opts: { fail?: boolean; signedIn?: boolean } = {}) {
  let ids: number[] = []
  let release: () => void = () => {}
  const gate = () => new Promise<void>((r) => (release = r))
  const change = (save: boolean): Handler => async (c) => {
    await gate()
    const b = c.body as { car_id: number; phone_number: string }
    if (opts.fail) return Response.json({ error: { code: 'internal', message: 'Internal error.' } }, { status: 500 })
    ids = save ? [...ids.filter((i) => i !== b.car_id), b.car_id] : ids.filter((i) => i !== b.car_id)
    return Response.json({ success: true })
  }
  // A visitor who signed in on this site before carries the hint.
  if (opts.signedIn !== false) window.localStorage.setItem('forecourt:signed-in', '1')
  const calls = fakeApi({
    'GET /api/me': (c) => (opts.signedIn === false ? signedOut(c) : Response.json({ phone: '+61412345678' })),
    'GET /api/watchlist': () => Response.json({ car_ids: ids }),
    'POST /api/watchlist/save-car': change(true),
    'POST /api/watchlist/remove-car': change(false),
  })
  return { calls, release: () => release() }
}

const button = (name: RegExp) => screen.findByRole('button', { name })

describe('WatchlistButton (docs/behaviour/states.md#watchlist)', () => {
  it('saves at once, then shows the toast with View List; removing says Car Removed', async () => {
    const { calls, release } = api()
    renderRoutes(routes, '/cars/one')
    const user = userEvent.setup()
    const save = await button(/Save 2021 Mazda CX-5 to watchlist/)
    await waitFor(() => expect(calls.some((c) => c.path === '/api/watchlist')).toBe(true))
    await user.click(save)
    // Optimistic: pressed before the server answers.
    const remove = await button(/Remove 2021 Mazda CX-5 from watchlist/)
    expect(remove).toHaveAttribute('aria-pressed', 'true')
    expect(calls.find((c) => c.path === '/api/watchlist/save-car')?.body).toEqual({ phone_number: '+61412345678', car_id: 1 })
    act(() => release())
    expect(await screen.findByText('Car Saved In Watchlist')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'View List' })).toHaveAttribute('href', '/watchlist')
    // The toast says price drops come by text, and how to stop them.
    expect(screen.getByTestId('toast')).toHaveTextContent(/text you if its price drops.*stop link/)

    await user.click(remove)
    act(() => release())
    expect(await screen.findByText('Car Removed')).toBeInTheDocument()
    // One toast at a time: the new one replaced the old.
    expect(screen.queryByText('Car Saved In Watchlist')).not.toBeInTheDocument()
    expect(screen.getAllByTestId('toast')).toHaveLength(1)
    expect(await button(/Save 2021 Mazda CX-5 to watchlist/)).toHaveAttribute('aria-pressed', 'false')
  })

  it('keeps one toast when two cars are saved one after the other', async () => {
    const { release } = api()
    renderRoutes(routes, '/cars/one')
    const user = userEvent.setup()
    await user.click(await button(/Save 2021 Mazda CX-5/))
    act(() => release())
    await screen.findByText('Car Saved In Watchlist')
    await user.click(await button(/Save 2019 Subaru Forester/))
    act(() => release())
    await waitFor(() => expect(screen.getByRole('button', { name: /Remove 2019 Subaru Forester/ })).toBeInTheDocument())
    await waitFor(() => expect(screen.getAllByText('Car Saved In Watchlist')).toHaveLength(1))
    expect(screen.getAllByTestId('toast')).toHaveLength(1)
  })

  it('rolls the button back and alerts the message when the server refuses', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {})
    const { release } = api({ fail: true })
    renderRoutes(routes, '/cars/one')
    const user = userEvent.setup()
    await user.click(await button(/Save 2021 Mazda CX-5/))
    expect(await button(/Remove 2021 Mazda CX-5/)).toHaveAttribute('aria-pressed', 'true')
    act(() => release())
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Internal error.'))
    expect(await button(/Save 2021 Mazda CX-5 to watchlist/)).toHaveAttribute('aria-pressed', 'false')
    expect(screen.queryByText('Car Saved In Watchlist')).not.toBeInTheDocument()
  })

  it('sends a signed-out visitor to sign-in (purpose watchlist) and saves after they return', async () => {
    const { calls } = api({ signedIn: false })
    renderRoutes(routes, '/cars/one?from=search')
    const user = userEvent.setup()
    await user.click(await button(/Save 2021 Mazda CX-5/))
    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeInTheDocument()
    const where = new URL(screen.getByTestId('where').textContent!, 'http://x.test')
    expect(where.searchParams.get('type')).toBe('watchlist')
    expect(where.searchParams.get('redirect')).toBe('/cars/one?from=search')
    expect(where.searchParams.get('back')).toBe('/cars/one')
    expect(calls.some((c) => c.path === '/api/watchlist/save-car')).toBe(false)
    // Never signed in here: the car page did not ask the server who it is.
    expect(calls.some((c) => c.path === '/api/me')).toBe(false)
  })

  it('asks the server when this site has seen the visitor sign in, and forgets a lapsed session', async () => {
    const { calls } = api({ signedIn: false })
    window.localStorage.setItem('forecourt:signed-in', '1')
    renderRoutes(routes, '/cars/one')
    await waitFor(() => expect(calls.some((c) => c.path === '/api/me')).toBe(true))
    await waitFor(() => expect(window.localStorage.getItem('forecourt:signed-in')).toBeNull())
    expect(await button(/Save 2021 Mazda CX-5 to watchlist/)).toHaveAttribute('aria-pressed', 'false')
  })

  it('saves the car waiting from before sign-in, once', async () => {
    window.sessionStorage.setItem('forecourt:pending-watchlist', '2')
    const { calls, release } = api()
    renderRoutes(routes, '/cars/one')
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/watchlist/save-car')).toHaveLength(1))
    expect(calls.find((c) => c.path === '/api/watchlist/save-car')?.body).toEqual({ phone_number: '+61412345678', car_id: 2 })
    act(() => release())
    expect(await screen.findByText('Car Saved In Watchlist')).toBeInTheDocument()
    expect(window.sessionStorage.getItem('forecourt:pending-watchlist')).toBeNull()
  })

  it('makes a press given while the session is still being read once it is in', async () => {
    const { calls, release } = api()
    // The session answers only when the test lets it.
    let session: () => void = () => {}
    const answered = new Promise<void>((r) => (session = r))
    const me = vi.fn(async () => {
      await answered
      return Response.json({ phone: '+61412345678' })
    })
    const fetch = globalThis.fetch as unknown as { getMockImplementation(): (i: RequestInfo, init?: RequestInit) => Promise<Response> }
    const answer = fetch.getMockImplementation()
    vi.mocked(globalThis.fetch).mockImplementation((input, init) => (String(input).endsWith('/api/me') ? me() : answer(input as RequestInfo, init)))
    renderRoutes(routes, '/cars/one')
    const user = userEvent.setup()
    await user.click(await button(/Save 2021 Mazda CX-5 to watchlist/))
    expect(calls.some((c) => c.path === '/api/watchlist/save-car')).toBe(false)
    act(() => session())
    await waitFor(() => expect(calls.find((c) => c.path === '/api/watchlist/save-car')?.body).toEqual({ phone_number: '+61412345678', car_id: 1 }))
    act(() => release())
    expect(await screen.findByText('Car Saved In Watchlist')).toBeInTheDocument()
  })
})
