import type { RouteObject } from 'react-router'
import { SiteLayout } from '@/features/layout'
import { pageRoutes, type PageView } from '@/config/routes'
import { NotFound } from './routes/not-found'
import { RouteError } from './routes/route-error'

// Each view is its own chunk so the first load carries only the layout.
const views: Record<PageView, RouteObject['lazy']> = {
  home: () => import('./routes/home'),
  search: () => import('./routes/search'),
  privacy: () => import('./routes/legal'),
  terms: () => import('./routes/legal'),
  'coming-soon': () => import('./routes/coming-soon'),
  vehicle: () => import('./routes/vehicle'),
  print: () => import('./routes/print'),
}

// appRoutes is the whole page tree: every route of config/routes.ts inside
// the site layout, and a real not-found page for anything else.
export function appRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      element: <SiteLayout />,
      errorElement: <RouteError />,
      // The layout renders at once from the embedded config; lazy pages fill in.
      HydrateFallback: () => null,
      children: [
        ...pageRoutes.map(
          (r): RouteObject => ({
            path: r.path,
            handle: { title: r.title, view: r.view },
            lazy: views[r.view],
          }),
        ),
        // The error page shows it too, so it ships with the layout.
        { path: '*', id: 'not-found', Component: NotFound },
      ],
    },
  ]
}
