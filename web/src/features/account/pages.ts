// The account feature's pages, loaded with their routes only.
export { SignInPage } from './components/sign-in-page'
export { GaragePage, type GarageCard } from './components/garage-page'
export { WatchlistPage } from './components/watchlist-page'
export { SpinToWinPage, OnlinePaymentPage } from './components/offer-pages'
export { AlertStopPage } from './components/alert-stop-page'
