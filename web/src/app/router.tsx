import { useState } from 'react'
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router'
import { appRoutes } from './route-tree'
import { keyFirstEntry } from './scroll-manager'

export function AppRouter({ routes }: { routes?: RouteObject[] }) {
  const [router] = useState(() => {
    keyFirstEntry()
    // A page the server rendered is taken over as it is: its routes are
    // loaded already and there is no router data to fetch.
    return routes
      ? createBrowserRouter(routes, { hydrationData: { loaderData: {}, actionData: null, errors: null } })
      : createBrowserRouter(appRoutes())
  })
  return <RouterProvider router={router} />
}

// loadMatchedRoutes resolves the lazy routes that match the current URL, so
// the first render in the browser draws what the server drew.
export async function loadMatchedRoutes(routes: RouteObject[], url: string): Promise<RouteObject[]> {
  const matches = matchRoutes(routes, url) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      const loaded = await (route.lazy as () => Promise<Partial<RouteObject>>)()
      Object.assign(route, { ...loaded, lazy: undefined })
    }),
  )
  return routes
}
