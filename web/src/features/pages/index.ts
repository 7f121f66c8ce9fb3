// The site's configured pages (docs/behaviour/screens.md): content pages, their
// components, and which links the site may show.
export { SitePage } from './components/site-page'
export { offeredLinks, isOffered, currentOffers, siteToday, routeFor, pageFor } from '@/lib/offered-pages'
export { PageProse } from './components/page-prose'
