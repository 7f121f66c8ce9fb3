export { SiteProvider } from './components/site-provider'
export { readEmbeddedSite, getSite, siteQueryOptions } from './api/get-site'
