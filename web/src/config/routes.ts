// Every page URL of docs/behaviour/screens.md#routes. The router builds its routes
// from this list, and `npm run gen:routes` writes the same table to
// routes.json (a core route with its ServeMux patterns), so the Go server
// knows which URLs are pages (200), which are not found (404), what view
// each draws, and which are made for one visitor.
// Keep this file free of imports: the generator loads it on its own.

// PageView names the view a route renders; 'page' is a page of the site's
// own `pages` config: its Markdown content or the component it names.
export type PageView =
  | 'home'
  | 'search'
  | 'page'
  | 'success'
  | 'contact'
  | 'test-drive'
  | 'finance'
  | 'vehicle'
  | 'print'
  | 'trade-in'
  | 'used-car'
  | 'locations'
  | 'models'
  | 'model'
  | 'order-now'
  | 'brands'
  | 'brand-overview'
  | 'sign-in'
  | 'watchlist'
  | 'garage'
  | 'spin-to-win'
  | 'online-payment'
  | 'checkout'
  | 'compare'
  | 'favourites'
  | 'alert-stop'

export interface PageRoute {
  // react-router pattern: ":name" is one segment, a trailing "*" the rest.
  path: string
  title: string
  view: PageView
  // The site's `pages` config decides whether it offers this route: a site
  // that does not list it answers its not-found page (404), and its links
  // to it are dropped. Such a route has no ServeMux pattern in routes.json.
  configured?: boolean
  // A page made for one visitor (their garage, sign-in, a checkout) shows
  // what only the browser knows: the server never draws it, and keeps it
  // out of the sitemap.
  personal?: boolean
}

// site is a route the site offers only when its `pages` config lists it.
const site = (path: string, title: string, view: PageView = 'page'): PageRoute => ({ path, title, view, configured: true })
// personal is a route of the site's pages config made for one visitor.
const personal = (path: string, title: string, view: PageView): PageRoute => ({ ...site(path, title, view), personal: true })

export const pageRoutes: readonly PageRoute[] = [
  { path: '/', title: 'Home', view: 'home' },

  // Search listings
  { path: '/search/new-used-and-demo-cars/', title: 'New, Used and Demo Cars for Sale', view: 'search' },
  { path: '/search/used-cars', title: 'Used Cars for Sale', view: 'search' },
  { path: '/search/new-cars', title: 'New Cars for Sale', view: 'search' },
  { path: '/search/demo-cars', title: 'Demo Cars for Sale', view: 'search' },
  { path: '/search/new-and-demo-cars', title: 'New and Demo Cars for Sale', view: 'search' },
  // Paths derived from the filters: type, make, model, body, dealership,
  // location, city (the server answers 404 for a segment it cannot read).
  { path: '/search/*', title: 'Cars for Sale', view: 'search' },

  // Vehicle pages
  { path: '/cars/trade-in', title: 'Trade-In Valuation', view: 'trade-in' },
  { path: '/cars/:slug', title: 'Vehicle Details', view: 'vehicle' },
  personal('/cars/:slug/checkout', 'Reserve Your Car', 'checkout'),
  personal('/cars/:slug/buy-online', 'Buy Online', 'checkout'),
  personal('/checkout-journey', 'Checkout', 'checkout'),
  personal('/compare', 'Compare Cars', 'compare'),

  // Trade-in / sell your car
  { path: '/trade-in', title: 'Trade-In', view: 'trade-in' },
  { path: '/sell-my-car', title: 'Sell My Car', view: 'trade-in' },
  { path: '/instant-price', title: 'Instant Price', view: 'trade-in' },

  // Finance
  { path: '/finance', title: 'Finance', view: 'finance' },
  { path: '/finance-enquiry', title: 'Finance Enquiry', view: 'finance' },
  { path: '/apply-for-finance', title: 'Apply for Finance', view: 'finance' },
  { path: '/finance-pre-approval', title: 'Finance Pre-Approval', view: 'finance' },
  { path: '/personalised/finance', title: 'Personalised Finance', view: 'finance' },

  // Print, confirmation, accounts
  { path: '/print', title: 'Print', view: 'print' },
  { path: '/success', title: 'Thank You', view: 'success' },
  personal('/sign-in', 'Sign In', 'sign-in'),
  personal('/watchlist', 'Watchlist', 'watchlist'),
  personal('/favourites', 'Favourites', 'favourites'),
  // The stop link that ends every alert text (every site, no sign-in).
  { path: '/alerts/stop', title: 'Text Alerts', view: 'alert-stop' },

  // Locations
  { path: '/contact-us/:slug', title: 'Contact Us', view: 'contact' },
  site('/our-location/:slug', 'Our Location', 'locations'),
  { path: '/contact', title: 'Contact Us', view: 'contact' },
  site('/locations/:slug', 'Locations', 'locations'),

  // Dealer and brand pages
  site('/dealer-locator', 'Dealer Locator', 'locations'),
  site('/brands', 'Brands', 'brands'),
  site('/about-us', 'About Us'),
  site('/:brand/overview', 'Brand Overview', 'brand-overview'),

  // Service and parts
  site('/service', 'Book a Service'),
  site('/subaru-service', 'Subaru Service'),
  site('/service-maroochydore', 'Service Maroochydore'),
  site('/service-noosa', 'Service Noosa'),
  site('/book-a-service-smithfield', 'Book a Service Smithfield'),
  site('/vehicle-parts-and-accessories', 'Vehicle Parts and Accessories'),

  // Offers and models
  site('/special-offers', 'Special Offers'),
  site('/models', 'New Models', 'models'),
  site('/models/order-now', 'Order Now', 'order-now'),
  site('/models/:slug', 'Model', 'model'),

  // Gated tenant pages
  personal('/spin-to-win', 'Spin to Win', 'spin-to-win'),
  personal('/online-payment', 'Online Payment', 'online-payment'),
  personal('/mymotorama', 'My Motorama', 'garage'),
  personal('/mybigboxcars', 'My Big Box Cars', 'garage'),
  personal('/myblinkr', 'My Blinkr', 'garage'),
  personal('/myservco', 'My Servco', 'garage'),
  personal('/my-garage', 'My Garage', 'garage'),

  // Informational pages
  site('/warranty', 'Warranty'),
  site('/new-vehicle-warranty', 'New Vehicle Warranty'),
  site('/pages/capped-price-servicing', 'Capped Price Servicing'),
  site('/roadside-assist', 'Roadside Assist'),
  site('/fleet', 'Fleet'),
  site('/careers', 'Careers'),
  site('/faqs', 'FAQs'),
  site('/pages/unsubscribe', 'Unsubscribe'),
  site('/privacy-policy', 'Privacy Policy'),
  site('/terms-and-conditions', 'Terms and Conditions'),
  { path: '/book-test-drive/', title: 'Book a Test Drive', view: 'test-drive' },

  // One dealership group; brand and partner pages; promotions
  site('/autopact-handback-guarantee', 'Autopact Handback Guarantee'),
  site('/autopact-protection-plan', 'Autopact Protection Plan'),
  site('/ultratek', 'Ultratek'),
  site('/twg-cars', 'TWG Cars'),
  site('/twg-rental', 'TWG Rental'),
  site('/twg-tyres', 'TWG Tyres'),
  site('/finance-and-insurance', 'Finance and Insurance'),
  site('/neotek', 'Neotek'),
  site('/4x4-outdoor', '4x4 Outdoor'),
  site('/eofy', 'End of Financial Year Sale'),
  site('/pages/eofy-sale', 'End of Financial Year Sale'),

  // Breadcrumb link base: moves to its listing (the server answers 301).
  { path: '/used-car/*', title: 'Used Cars', view: 'used-car' },
]

// toServeMuxPatterns turns one router path into the ServeMux patterns that
// match the same URLs. The router ignores a trailing slash, so
// "/book-test-drive/" is a page with and without it; in ServeMux a trailing
// slash means a whole subtree, hence "{$}".
export function toServeMuxPatterns(path: string): string[] {
  if (path === '/') return ['/{$}']
  const segments = path.replace(/^\/|\/$/g, '').split('/')
  const body =
    '/' +
    segments
      .map((s) => {
        if (s === '*') return '{rest...}'
        if (s.startsWith(':')) return `{${s.slice(1)}}`
        return s
      })
      .join('/')
  if (path.endsWith('/*')) return [body]
  if (path.endsWith('/')) return [body, body + '/{$}']
  return [body]
}

// ServerRoute is one entry of routes.json: the route as the router writes
// it, the view it draws, and for a core route (every site has it) the
// ServeMux patterns of its URLs.
export type ServerRoute = {
  route: string
  view: PageView
  patterns?: string[]
  configured?: true
  personal?: true
}

// serverRoutes is the content of routes.json.
export function serverRoutes(routes: readonly PageRoute[] = pageRoutes): ServerRoute[] {
  return routes.map((r) => ({
    route: r.path,
    view: r.view,
    ...(r.configured ? { configured: true as const } : { patterns: toServeMuxPatterns(r.path) }),
    ...(r.personal ? { personal: true as const } : {}),
  }))
}
