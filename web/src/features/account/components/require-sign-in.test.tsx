import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { lazy } from 'react'
import { useNavigate } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { queriesSettled } from '@/testing/settle'
import { fakeApi, renderRoutes, signedOut } from '../testing'
import { useSignOut } from '../api/session-actions'
import { RequireSignIn } from './require-sign-in'

afterEach(() => {
  vi.restoreAllMocks()
  window.localStorage.clear()
})

const routes = (ready = true) => [
  {
    path: '/my-garage',
    element: (
      <RequireSignIn purpose="my-garage" ready={ready}>
        <h1>Garage content</h1>
      </RequireSignIn>
    ),
  },
  { path: '/sign-in', element: <h1>Sign-in page</h1> },
]

// docs/behaviour/states.md#gated-routes.
describe('RequireSignIn', () => {
  it('sends a signed-out visitor to sign-in with purpose, redirect and back', async () => {
    fakeApi({ 'GET /api/me': signedOut })
    renderRoutes(routes(), '/my-garage?tab=searches')
    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeInTheDocument()
    const where = new URL(screen.getByTestId('where').textContent!, 'http://x.test')
    expect(where.searchParams.get('type')).toBe('my-garage')
    expect(where.searchParams.get('redirect')).toBe('/my-garage?tab=searches')
    expect(where.searchParams.get('back')).toBe('/my-garage')
    expect(screen.queryByText('Garage content')).not.toBeInTheDocument()
  })

  it('lets a signed-in visitor straight through', async () => {
    fakeApi({ 'GET /api/me': () => Response.json({ phone: '+61412345678' }) })
    renderRoutes(routes(), '/my-garage')
    expect(await screen.findByRole('heading', { name: 'Garage content' })).toBeInTheDocument()
    expect(screen.getByTestId('where')).toHaveTextContent('/my-garage')
  })

  it('shows a quiet loading state, not the content, while the session is checked', async () => {
    let answer: (r: Response) => void = () => {}
    fakeApi({ 'GET /api/me': () => new Promise<Response>((r) => (answer = r)) })
    renderRoutes(routes(), '/my-garage')
    expect(await screen.findByText(/checking your sign-in/i)).toBeInTheDocument()
    expect(screen.queryByText('Garage content')).not.toBeInTheDocument()
    answer(Response.json({ phone: '+61412345678' }))
    expect(await screen.findByRole('heading', { name: 'Garage content' })).toBeInTheDocument()
  })

  it('waits while the caller is not ready, even when signed out', async () => {
    const calls = fakeApi({ 'GET /api/me': signedOut })
    const { client } = renderRoutes(routes(false), '/my-garage')
    await waitFor(() => expect(calls.some((c) => c.path === '/api/me')).toBe(true))
    // The session answer has landed and been drawn: still no redirect.
    await queriesSettled(client)
    expect(screen.getByTestId('where')).toHaveTextContent('/my-garage')
    expect(screen.queryByText('Garage content')).not.toBeInTheDocument()
  })
})

// Signing out of a gated page goes where the page sends the visitor (home),
// never to sign-in, even while the way out is still loading its code.
describe('RequireSignIn after a sign-out', () => {
  it('leaves for the page the sign-out goes to, not sign-in', async () => {
    let signedIn = true
    fakeApi({
      'GET /api/me': (call) => (signedIn ? Response.json({ phone: '+61412345678' }) : signedOut(call)),
      'POST /api/auth/sign-out': () => {
        signedIn = false
        return new Response(null, { status: 204 })
      },
    })
    let loaded: () => void = () => {}
    const gate = new Promise<void>((r) => (loaded = r))
    // The home page's code arrives after the sign-out is done.
    const Home = lazy(() => gate.then(() => ({ default: () => <h1>Home page</h1> })))
    function Garage() {
      const navigate = useNavigate()
      const signOut = useSignOut(() => navigate('/', { replace: true }))
      return <button onClick={() => signOut.mutate()}>Sign out</button>
    }
    renderRoutes(
      [
        {
          path: '/my-garage',
          element: (
            <RequireSignIn purpose="my-garage">
              <Garage />
            </RequireSignIn>
          ),
        },
        { path: '/sign-in', element: <h1>Sign-in page</h1> },
        { path: '/', element: <Home /> },
      ],
      '/my-garage',
    )
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }))
    await waitFor(() => expect(signedIn).toBe(false))
    loaded()
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Sign-in page' })).not.toBeInTheDocument()
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/)
  })
})
