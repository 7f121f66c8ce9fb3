// Buyers' accounts on a dealer's site: phone sign-in, the session, the
// sign-in gate, the watchlist and the garage
// (docs/behaviour/screens.md#route-sign-in, docs/behaviour/states.md#gated-routes,
// docs/behaviour/states.md#watchlist, docs/behaviour/roles.md#signed-in-user).
// Pages are loaded by their routes from ./pages.
export { useSession, sessionQueryOptions, type Session } from '@/lib/session'
export { RequireSignIn } from './components/require-sign-in'
export { signInHref, sameSitePath, purposes, type Purpose } from './lib/redirect'
export { AccountLink, offersGarage, garagePath } from './components/account-link'
export { WatchlistButton } from './components/watchlist-button'
export { CardWatchlist } from './components/card-watchlist'
export { SaveSearchButton } from './components/save-search-button'
export { nationalMobile } from '@/lib/phone'
