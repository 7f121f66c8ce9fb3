// The server renderer: the same components as the browser's, rendered to
// HTML by the Go server for a page's first screen. Data comes from the
// site's own API answered in-process, and goes out with the page so the
// browser takes over without fetching it again.
import './globals'
import { StrictMode } from 'react'
import type { VNode } from 'preact'
import { renderToStringAsync } from 'preact-render-to-string'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { dehydrate, QueryClient, type Query } from '@tanstack/react-query'
import { ApiError, type Site } from '@/lib/api'
import { AppProvider, makeQueryClient } from '@/app/provider'
import { appRoutes } from '@/app/route-tree'
import { prefetch } from './prefetch'

export type Rendered = { html: string; state: string; status: number }

// Rounds of render-then-fetch: a page whose data depends on other data
// (a car, then its similar cars) needs a second round.
const maxRounds = 4

// renderOnce waits for the parts loaded on demand (React.lazy) that the page
// draws: in this engine they arrive within a few ticks.
function renderOnce(client: QueryClient, site: Site, router: ReturnType<typeof createStaticRouter>, context: Parameters<typeof StaticRouterProvider>[0]['context']) {
  const page = (
    <StrictMode>
      <AppProvider site={site} client={client}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>
  )
  return renderToStringAsync(page as unknown as VNode)
}

// A query its component turned off (enabled: false, or a rule), or one the
// browser alone may ask (meta.ssr false: not a GET of our API), waits for
// the browser.
function notFound(e: unknown): boolean {
  return e instanceof ApiError && e.status === 404
}

function wanted(q: Query) {
  const on = (q.options as { enabled?: unknown }).enabled
  return on !== false && typeof on !== 'function' && q.meta?.ssr !== false
}

export async function render(url: string, origin: string, siteJSON: string): Promise<Rendered | null> {
  const site = JSON.parse(siteJSON) as Site
  const handler = createStaticHandler(appRoutes())
  const context = await handler.query(new Request(origin + url))
  // A redirect is the browser's to follow.
  if (context instanceof Response) return null
  const router = createStaticRouter(handler.dataRoutes, context)
  const client = makeQueryClient()
  // No retries here: a retry waits on a timer, and a render does not wait;
  // the browser retries what failed.
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } })
  await prefetch(client, context.matches, new URL(origin + url))
  const tried = new Set<string>()
  let html = ''
  for (let round = 0; round < maxRounds; round++) {
    html = await renderOnce(client, site, router, context)
    const waiting = client
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.status === 'pending' && wanted(q) && !tried.has(q.queryHash))
    if (waiting.length === 0) break
    for (const q of waiting) tried.add(q.queryHash)
    await Promise.allSettled(waiting.map((q) => q.fetch()))
    // What failed here is fetched again in the browser: the page shows it
    // loading, as the browser's first render will (the next round draws it
    // so). A 404 is the answer itself (a sold-and-gone car): it is drawn.
    client.removeQueries({ predicate: (q) => q.state.status === 'error' && !notFound(q.state.error) })
    for (let i = 0; i < 8; i++) await Promise.resolve()
  }
  // The site's config is in the page already (#site-config).
  const state = dehydrate(client, {
    shouldDehydrateQuery: (q) => (q.state.status === 'success' || notFound(q.state.error)) && q.queryKey[0] !== 'site',
    shouldRedactErrors: () => false,
  })
  for (const q of state.queries) {
    const e = q.state.error
    if (e instanceof ApiError) q.state.error = { name: e.name, status: e.status, code: e.code, message: e.message, fields: e.fields } as unknown as Error
  }
  return { html, state: JSON.stringify(state), status: context.statusCode }
}

;(globalThis as Record<string, unknown>).__render = render
