// The checkout feature: reserve and buy a car online
// (docs/behaviour/screens.md#route-checkout).
export { CheckoutPage } from './components/checkout-page'
export { checkoutEligibility, reserveDeposit, defaultReserveDeposit, modeWords, type CheckoutMode } from './lib/checkout'
