export { SearchPage } from './components/search-page'
export type { CardComponents, Hit } from './components/result-grid'
export type { FacetValue, SearchPromoCard, SearchResponse, SearchState } from './api/get-search'
