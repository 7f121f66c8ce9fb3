// The checkout feature: reserve and buy a car online (issue 14).
export { CheckoutPage } from './components/checkout-page'
export { checkoutEligibility, reserveDeposit, defaultReserveDeposit, modeWords, type CheckoutMode } from './lib/checkout'
