// Buyers' accounts on a dealer's site: phone sign-in, the session, the
// sign-in gate, the watchlist and the garage (issue 14; docs/behaviour/README.md sections
// 2, 4 and 6). Pages are loaded by their routes from ./pages.
export { useSession, sessionQueryOptions, type Session } from '@/lib/session'
export { RequireSignIn } from './components/require-sign-in'
export { signInHref, sameSitePath, purposes, type Purpose } from './lib/redirect'
export { AccountLink, offersGarage, garagePath } from './components/account-link'
export { WatchlistButton } from './components/watchlist-button'
export { CardWatchlist } from './components/card-watchlist'
export { SaveSearchButton } from './components/save-search-button'
export { nationalMobile } from '@/lib/phone'
