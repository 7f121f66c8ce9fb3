import { render } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { createMemoryRouter, Outlet, RouterProvider, useLocation, type RouteObject } from 'react-router'
import { vi } from 'vitest'
import { ToastProvider } from '@/components/ui/toast'
import type { Site } from '@/lib/api'
import { SiteContext } from '@/lib/site'
import { siteFixture } from '@/testing/site-fixture'

// A fake of the account API for the feature's tests: answers by method and
// path, and records every call.
export type Call = { method: string; path: string; body: unknown }
export type Handler = (call: Call) => Response | Promise<Response>

export function fakeApi(routes: Record<string, Handler>) {
  const calls: Call[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://site.test')
    const method = (init?.method ?? 'GET').toUpperCase()
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    const call = { method, path: url.pathname, body }
    calls.push(call)
    const h = routes[`${method} ${url.pathname}`]
    if (!h) return Response.json({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 })
    return h(call)
  })
  return calls
}

export const signedOut: Handler = () => Response.json({ error: { code: 'unauthorized', message: 'Please sign in.' } }, { status: 401 })

export function accountSite(overrides: Partial<Site> = {}): Site {
  const s = siteFixture()
  return {
    ...s,
    features: { ...s.features, watchlist: true, garage: true },
    pages: [
      { path: '/sign-in', title: 'Sign In', description: '' },
      { path: '/watchlist', title: 'Watchlist', description: '' },
      { path: '/my-garage', title: 'My Garage', description: '' },
    ],
    ...overrides,
  }
}

// Where shows the router's current location, so tests can read where a
// page sent the visitor.
function Where() {
  const l = useLocation()
  return <output data-testid="where">{l.pathname + l.search}</output>
}

export function renderRoutes(routes: RouteObject[], at: string, site: Site = accountSite()) {
  // The toast region sits inside the router, as in the site layout.
  const layout = (
    <ToastProvider>
      <Outlet />
      <Where />
    </ToastProvider>
  )
  const router = createMemoryRouter([{ element: layout, children: routes }], { initialEntries: [at] })
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  const ui = (children: ReactNode) => (
    <QueryClientProvider client={client}>
      <SiteContext.Provider value={site}>
        {children}
      </SiteContext.Provider>
    </QueryClientProvider>
  )
  render(ui(<RouterProvider router={router} />))
  return { router, client }
}
