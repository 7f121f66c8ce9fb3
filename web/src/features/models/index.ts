// The models feature: the /models list, a page per model (variants, the
// colour viewer, embedded views), order now, /brands and /{brand}/overview.
export { ModelsPage } from './components/model-list'
export { ModelPage } from './components/model-page'
export { OrderNowPage } from './components/order-now'
export { BrandsPage, BrandOverviewPage } from './components/brands'
