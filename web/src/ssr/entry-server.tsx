import { queryKeys } from '@/lib/query-keys'
// The server renderer: the same components as the browser's, drawn to HTML
// by React's own server renderer for a page's first screen. The data the
// page's view needs is fetched first, by the view's own loader
// (app/view-loader.ts), then the page is rendered once; the data goes out
// with the page so the browser takes over without fetching it again.
import { StrictMode } from 'react'
import { prerender } from 'react-dom/static'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { dehydrate, type Query } from '@tanstack/react-query'
import { ApiError, type Site } from '@/lib/api'
import { AppProvider, makeQueryClient } from '@/app/provider'
import { appRoutes } from '@/app/route-tree'
import { pageFor } from '@/lib/offered-pages'
import { packState } from '@/lib/page-state'
import { pageRoutes } from '@/config/routes'
import { routerContext, type Done } from '@/app/view-loader'

export type RenderInput = { url: string; origin: string; site: Site }
export type Rendered = { html: string; state: string; status: number }
export type Redirect = { redirect: true }

// final: an answer that asking again will not change (a car that is gone,
// a search the address asks for that cannot be made): the page is drawn
// with it, and the browser draws the same from the same state.
function final(e: unknown): boolean {
  return e instanceof ApiError && (e.status === 404 || e.status === 422)
}

// A query its component turned off (enabled: false, or a rule), or one the
// browser alone may ask (meta.ssr false: not a GET of our API, or an
// answer that changes by the hour, which a kept page must not hold), waits for
// the browser; any other still pending after the render was missed by
// the view's loader.
function wanted(q: Query) {
  const on = (q.options as { enabled?: unknown }).enabled
  return on !== false && typeof on !== 'function' && q.meta?.ssr !== false
}

// The routes the site's `pages` config decides: elsewhere they draw the
// not-found page.
const configured = new Set(pageRoutes.filter((r) => r.configured).map((r) => r.path))

// The routes never change: one handler serves every render.
const handler = createStaticHandler(appRoutes())

async function toHTML(stream: ReadableStream<Uint8Array>): Promise<string> {
  const chunks: Uint8Array[] = []
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk)
  return Buffer.concat(chunks).toString('utf8')
}

// render draws one page. signal gives it up (the worker's time limit).
export async function render({ url, origin, site }: RenderInput, signal?: AbortSignal): Promise<Rendered | Redirect> {
  const request = new Request(origin + url, { signal })
  const client = makeQueryClient()
  // No retries here: a retry waits on a timer; the browser retries what failed.
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } })
  // The matched views' loaders fetch their data into client.
  const context = await handler.query(request, { requestContext: routerContext({ client, site, wait: true }) })
  // A redirect is the browser's to follow.
  if (context instanceof Response) return { redirect: true }
  const router = createStaticRouter(handler.dataRoutes, context)
  signal?.throwIfAborted()

  const { prelude } = await prerender(
    <StrictMode>
      <AppProvider site={site} client={client}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
    // Every boundary is written in place. Past this many bytes React would
    // move a boundary's content to the end of the page and show it with an
    // inline script, which the pages' content security policy refuses (the
    // browser would then draw that part again, and hold both copies).
    { signal, progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  )
  const html = await toHTML(prelude)
  signal?.throwIfAborted()

  // What a buyer typed (a search, a phone number) never reaches the log:
  // the line names the query by its first key only, and the page by its
  // route's pattern, not its address (docs/behaviour/http.md#no-buyer-words-in-logs).
  const leaf = context.matches.at(-1)
  const routePath = (leaf?.route.handle as { path?: string } | undefined)?.path ?? ''
  for (const q of client.getQueryCache().getAll()) {
    if (q.state.status === 'pending' && wanted(q)) console.error(`ssr: query not loaded: ${String(q.queryKey[0])} on ${routePath || '(no route)'}`)
  }
  // The site's config is in the page already (#site-config). What failed
  // is fetched again in the browser; a 404 or 422 is the answer itself (a
  // car that is gone, a search that cannot be made): it is drawn, and the
  // browser starts from it, so the page it takes over is the one it draws.
  const state = packState(
    dehydrate(client, {
      shouldDehydrateQuery: (q) => (q.state.status === 'success' || final(q.state.error)) && q.queryKey[0] !== queryKeys.site()[0],
      shouldRedactErrors: () => false,
    }),
  )
  client.clear()

  const gone = Object.values(context.loaderData).some((d) => (d as Done | null)?.notFound === true)
  const missing = context.statusCode === 404 || leaf?.route.id === 'not-found' || gone || (configured.has(routePath) && !pageFor(site, routePath))
  return { html, state: JSON.stringify(state), status: missing ? 404 : context.statusCode }
}
