import type { RouteObject } from 'react-router'
import { SiteLayout } from '@/features/layout'
import { pageRoutes, type PageView } from '@/config/routes'
import { NotFound } from './routes/not-found'
import { RouteError } from './routes/route-error'
import { VisitTracker } from '@/features/leads/components/visit-tracker'

// Each view is its own chunk so the first load carries only the layout.
const views: Record<PageView, RouteObject['lazy']> = {
  home: () => import('./routes/home'),
  search: () => import('./routes/search'),
  privacy: () => import('./routes/legal'),
  terms: () => import('./routes/legal'),
  'trade-in': () => import('./routes/trade-in'),
  'coming-soon': () => import('./routes/coming-soon'),
  vehicle: () => import('./routes/vehicle'),
  print: () => import('./routes/print'),
  success: () => import('./routes/success'),
  contact: () => import('./routes/contact'),
  parts: () => import('./routes/lead-pages').then((m) => ({ Component: m.PartsPage })),
  service: () => import('./routes/lead-pages').then((m) => ({ Component: m.ServicePage })),
  careers: () => import('./routes/lead-pages').then((m) => ({ Component: m.CareersPage })),
  'test-drive': () => import('./routes/lead-pages').then((m) => ({ Component: m.TestDrivePage })),
  finance: () => import('./routes/finance'),
}

// appRoutes is the whole page tree: every route of config/routes.ts inside
// the site layout, and a real not-found page for anything else.
export function appRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      element: (
        <>
          <VisitTracker />
          <SiteLayout />
        </>
      ),
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
