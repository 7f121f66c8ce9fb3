import type { ComponentType } from 'react'
import type { RouteObject } from 'react-router'
import { SiteLayout } from '@/features/layout'
import { pageRoutes, type PageView } from '@/config/routes'
import { NotFound } from './routes/not-found'
import { RouteError } from './routes/route-error'
import { RouteFocus } from './route-focus'
import { ScrollManager } from './scroll-manager'
import { Offered } from './routes/offered'
import { VisitTracker } from '@/features/leads/components/visit-tracker'
import { ChatMount } from '@/features/chat'
import { CompareTrayMount } from '@/features/compare/components/compare-tray-mount'

// Each view is its own chunk so the first load carries only the layout.
// A view's module gives its Component and, where its first screen draws
// from the API, the loader that fetches it (./view-loader.ts).
const views: Record<PageView, RouteObject['lazy']> = {
  home: () => import('./routes/home'),
  search: () => import('./routes/search'),
  page: () => import('./routes/site-page'),
  'trade-in': () => import('./routes/trade-in'),
  vehicle: () => import('./routes/vehicle'),
  print: () => import('./routes/print'),
  success: () => import('./routes/success'),
  contact: () => import('./routes/contact'),
  'test-drive': () => import('./routes/lead-pages').then((m) => ({ Component: m.TestDrivePage, loader: m.testDriveLoader })),
  finance: () => import('./routes/finance'),
  'used-car': () => import('./routes/used-car'),
  locations: () => import('./routes/locations'),
  models: () => import('./routes/models').then((m) => ({ Component: m.ModelsRoute, loader: m.modelsLoader })),
  model: () => import('./routes/models').then((m) => ({ Component: m.ModelRoute, loader: m.modelLoader })),
  'order-now': () => import('./routes/models').then((m) => ({ Component: m.OrderNowRoute, loader: m.orderNowLoader })),
  brands: () => import('./routes/models').then((m) => ({ Component: m.BrandsRoute, loader: m.modelsLoader })),
  'brand-overview': () => import('./routes/models').then((m) => ({ Component: m.BrandOverviewRoute, loader: m.modelsLoader })),
  // Accounts: sign-in, the watchlist, the garage and gated pages
  // (docs/behaviour/roles.md#gated-routes).
  'sign-in': () => import('./routes/account').then((m) => ({ Component: m.SignInRoute, loader: m.signInLoader })),
  watchlist: () => import('./routes/account').then((m) => ({ Component: m.WatchlistRoute })),
  garage: () => import('./routes/account').then((m) => ({ Component: m.GarageRoute })),
  'spin-to-win': () => import('./routes/account').then((m) => ({ Component: m.SpinToWinRoute })),
  'online-payment': () => import('./routes/account').then((m) => ({ Component: m.OnlinePaymentRoute })),
  'alert-stop': () => import('./routes/account').then((m) => ({ Component: m.AlertStopRoute })),
  checkout: () => import('./routes/checkout'),
  compare: () => import('./routes/compare'),
  favourites: () => import('./routes/favourites'),
}

// loadView loads a view's code (its chunks) without drawing it.
export function loadView(view: PageView): Promise<unknown> {
  return (views[view] as () => Promise<unknown>)()
}

function offeredOnly(load: RouteObject['lazy']): RouteObject['lazy'] {
  const fn = load as () => Promise<{ Component?: ComponentType | null }>
  return (async () => {
    const { Component: View, ...rest } = await fn()
    return View ? { ...rest, Component: () => <Offered view={<View />} /> } : rest
  }) as RouteObject['lazy']
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
          <ScrollManager />
          <SiteLayout />
          <RouteFocus />
          <ChatMount />
          <CompareTrayMount />
        </>
      ),
      errorElement: <RouteError />,
      // The layout renders at once from the embedded config; lazy pages fill in.
      HydrateFallback: () => null,
      children: [
        ...pageRoutes.map(
          (r): RouteObject => ({
            // The pattern names the route: the browser marks the routes the
            // server drew as loaded under it (./router.tsx).
            id: r.path,
            path: r.path,
            handle: { title: r.title, view: r.view, path: r.path },
            // A route of the site's `pages` config draws its view only where
            // the site offers it (the server answers 404 elsewhere too).
            lazy: r.configured && r.view !== 'page' ? offeredOnly(views[r.view]) : views[r.view],
          }),
        ),
        // The error page shows it too, so it ships with the layout.
        { path: '*', id: 'not-found', Component: NotFound },
      ],
    },
  ]
}
