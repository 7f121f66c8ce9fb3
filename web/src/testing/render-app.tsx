import { render, waitFor } from '@testing-library/react'
import { expect } from 'vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { appRoutes } from '@/app/route-tree'
import { routerContext } from '@/app/view-loader'
import { SiteContext } from '@/lib/site'
import type { Site } from '@/lib/api'
import { siteFixture } from './site-fixture'

// renderApp renders the real route tree at a URL for a site config, once
// the lazy route of that URL has loaded.
export async function renderApp(path: string, site: Site = siteFixture()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  // The views' loaders start their fetches in client, as in the browser.
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path], getContext: () => routerContext({ client, site, wait: false }) })
  const view = render(
    <QueryClientProvider client={client}>
      <SiteContext.Provider value={site}>
        <RouterProvider router={router} />
      </SiteContext.Provider>
    </QueryClientProvider>,
  )
  await waitFor(() => {
    expect(router.state.initialized).toBe(true)
    expect(document.getElementById('main')).not.toBeNull()
    // The first lazy route compiles on demand; a busy machine needs more than 1 s.
  }, { timeout: 15_000 })
  return { ...view, router }
}
