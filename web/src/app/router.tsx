import { useLayoutEffect, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router'
import { useSite } from '@/lib/site'
import { appRoutes } from './route-tree'
import { keyFirstEntry } from './scroll-manager'
import { routerContext } from './view-loader'

export function AppRouter({ routes }: { routes?: RouteObject[] }) {
  const client = useQueryClient()
  const site = useSite()
  const [router] = useState(() => {
    keyFirstEntry()
    // The views' loaders start their fetches in the query cache the app
    // draws from, and let the navigation go on (./view-loader.ts).
    const getContext = () => routerContext({ client, site, wait: false })
    if (!routes) return createBrowserRouter(appRoutes(), { getContext })
    // A page the server rendered is taken over as it is: its routes are
    // loaded already, and its loaders ran on the server (their data is
    // in the query cache), so the browser does not run them again.
    const loaded = Object.fromEntries((matchRoutes(routes, window.location) ?? []).map((m) => [m.route.id, null]))
    return createBrowserRouter(routes, { getContext, hydrationData: { loaderData: loaded, actionData: null, errors: null } })
  })
  // RouterProvider hears the router only from its layout effect on. A page
  // the server drew is taken over in a transition, in slices with the
  // browser's tasks between them: a back or forward within the page in
  // that time moves the router on unheard, and the page would stay on the
  // address it left. Once mounted, a router that has moved on since this
  // render is drawn again at its address.
  const drawnAt = useRef(router.state.location)
  const [drawing, setDrawing] = useState(0)
  useLayoutEffect(() => {
    const at = router.state.location
    if (at.key !== drawnAt.current.key || at.pathname !== drawnAt.current.pathname || at.search !== drawnAt.current.search) {
      drawnAt.current = at
      setDrawing((n) => n + 1)
    }
  }, [router])
  return <RouterProvider key={drawing} router={router} />
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
