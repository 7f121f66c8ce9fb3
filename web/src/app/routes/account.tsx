import { useLocation } from 'react-router'
import { RequireSignIn, type Purpose } from '@/features/account'
import {
  AlertStopPage,
  GaragePage,
  OnlinePaymentPage,
  SignInPage,
  SpinToWinPage,
  WatchlistPage,
} from '@/features/account/pages'
import { LeadForm } from '@/features/leads'
import { defaultPaymentMethods } from '@/features/layout'
import { PageProse, pageFor } from '@/features/pages'
import { useSite } from '@/lib/site'
import { usePageHandle } from './page-handle'
import { WatchlistCard } from './watchlist-card'
import { viewLoader } from '../view-loader'
import { loadPageWords } from './view-data'

// The account routes: sign-in, the watchlist, the garage and the gated pages
// (docs/behaviour/screens.md#route-sign-in,
// docs/behaviour/screens.md#route-gated). Each configured route is drawn only
// where the site lists it (see offered.tsx); the gated ones ask for sign-in
// first (docs/behaviour/roles.md#gated-routes: the garage routes always).

// The page's configured title; a page's form labels its contact lead with
// it ('Spin to Win', 'Online Payment'), which the server accepts for the
// site's own pages.
function useTitle(fallback: string): string {
  const site = useSite()
  const { path } = usePageHandle()
  return pageFor(site, path)?.title ?? fallback
}

export function SignInRoute() {
  return <SignInPage note={<PageProse path="/sign-in" />} />
}

export function WatchlistRoute() {
  return (
    <RequireSignIn purpose="watchlist">
      <WatchlistPage Card={WatchlistCard} intro={<PageProse path="/watchlist" />} />
    </RequireSignIn>
  )
}

// AlertStopRoute is the stop link of alert texts: no sign-in, on every site.
export function AlertStopRoute() {
  return <AlertStopPage />
}

export function GarageRoute() {
  const title = useTitle('My Garage')
  const { pathname } = useLocation()
  return (
    <RequireSignIn purpose="my-garage">
      <GaragePage title={title} Card={WatchlistCard} intro={<PageProse path={pathname} />} />
    </RequireSignIn>
  )
}

function Gated({ purpose, children }: { purpose: Purpose; children: React.ReactNode }) {
  return <RequireSignIn purpose={purpose}>{children}</RequireSignIn>
}

export function SpinToWinRoute() {
  const title = useTitle('Spin to Win')
  const { pathname } = useLocation()
  return (
    <Gated purpose="spin-to-win">
      <SpinToWinPage
        title={title}
        content={<PageProse path={pathname} />}
        form={<LeadForm kind="contact" subcategory={title} title={title} submitLabel="Enter the draw" />}
      />
    </Gated>
  )
}

export function OnlinePaymentRoute() {
  const site = useSite()
  const title = useTitle('Online Payment')
  const { pathname } = useLocation()
  const methods = site.navigation.payment_methods?.length ? site.navigation.payment_methods : defaultPaymentMethods
  return (
    <Gated purpose="online-payment">
      <OnlinePaymentPage
        title={title}
        methods={methods}
        content={<PageProse path={pathname} />}
        form={<LeadForm kind="contact" subcategory={title} title={title} submitLabel="Send" />}
      />
    </Gated>
  )
}

// The sign-in page's own words come from the site's pages (the gated pages
// are drawn in the browser alone: they need the visitor's session).
export const signInLoader = viewLoader((n) => loadPageWords(n, '/sign-in'))
