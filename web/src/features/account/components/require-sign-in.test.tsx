import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { queriesSettled } from '@/testing/settle'
import { fakeApi, renderRoutes, signedOut } from '../testing'
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
