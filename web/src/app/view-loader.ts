import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query'
import { createContext, RouterContextProvider, type LoaderFunction, type Params } from 'react-router'
import { ApiError, type Site } from '@/lib/api'

// Each view's react-router loader (exported as `loader` beside its
// Component in ./routes) fetches what the view's first screen draws into
// the query cache the page draws from (docs/architecture.md#view-loaders).
// The render worker waits for it, then draws the page once with all its
// data; the browser starts it as a navigation begins and goes on at once,
// the view showing its loading state for what has not arrived.

// ViewContext is what a loader is given through the router's context.
export type ViewContext = {
  client: QueryClient
  site: Site
  // wait: the loader's navigation waits for its data (the server's render).
  wait: boolean
}

const viewContext = createContext<ViewContext>()

// routerContext is the router context that carries v to the loaders.
export function routerContext(v: ViewContext): RouterContextProvider {
  const c = new RouterContextProvider()
  c.set(viewContext, v)
  return c
}

export type Need = {
  client: QueryClient
  site: Site
  params: Params
  url: URL
  // The route's own pattern (config/routes.ts).
  routePath: string
}

// Done says whether the page's own record is not there (a car or model that
// is gone): the app draws the not-found page, and the answer is a 404.
export type Done = { notFound?: boolean } | void

// viewLoader makes a view's loader from what it needs. On the server it
// answers the view's Done; in the browser, null at once.
export function viewLoader(need: (n: Need) => Promise<Done> | undefined): LoaderFunction {
  return async ({ context, params, request, pattern }) => {
    const { client, site, wait } = (context as RouterContextProvider).get(viewContext)
    const done = need({ client, site, params, url: new URL(request.url), routePath: pattern })
    if (!wait) {
      done?.catch(() => {})
      return null
    }
    return (await done) ?? null
  }
}

// fetchInto fetches a query into the cache; nothing when it fails (the view
// shows the failure, and the browser asks again). The server's client
// makes no retries: a retry waits on a timer.
export function fetchInto<T, K extends QueryKey>(client: QueryClient, options: FetchQueryOptions<T, Error, T, K>): Promise<T | undefined> {
  return client.fetchQuery(options).catch(() => undefined)
}

// isNotFound says whether the query under key answered 404.
export function isNotFound(client: QueryClient, key: readonly unknown[]): boolean {
  const e = client.getQueryState(key)?.error
  return e instanceof ApiError && e.status === 404
}
