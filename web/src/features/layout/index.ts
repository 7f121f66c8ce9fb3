export { SiteLayout } from './components/site-layout'
export { defaultPaymentMethods } from './components/payment-methods'
