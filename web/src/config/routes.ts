// Every page URL of SPEC.md section 2 (Routes). The router builds its routes
// from this list, and `npm run gen:routes` writes the same patterns to
// routes.json in ServeMux syntax so the Go server knows which URLs are pages
// (200) and which are not found (404). Keep this file free of imports: the
// generator loads it on its own.

// PageView names the view a route renders; pages that later work will build
// show "coming soon" inside the site's layout.
export type PageView =
  | 'home'
  | 'search'
  | 'privacy'
  | 'terms'
  | 'coming-soon'
  | 'success'
  | 'contact'
  | 'parts'
  | 'service'
  | 'careers'
  | 'test-drive'
  | 'finance'
  | 'vehicle'
  | 'print'
  | 'trade-in'

export interface PageRoute {
  // react-router pattern: ":name" is one segment, a trailing "*" the rest.
  path: string
  title: string
  view: PageView
  // false keeps a pattern out of routes.json: ServeMux cannot hold
  // "/{brand}/overview" beside "/search/{a}", "/cars/{slug}", … (each pair
  // overlaps with neither more specific, which panics), so the server
  // decides those URLs itself.
  server?: boolean
}

const soon = (path: string, title: string, extra: Partial<PageRoute> = {}): PageRoute => ({
  path,
  title,
  view: 'coming-soon',
  ...extra,
})

export const pageRoutes: readonly PageRoute[] = [
  { path: '/', title: 'Home', view: 'home' },

  // Search listings
  { path: '/search/new-used-and-demo-cars/', title: 'New, Used and Demo Cars for Sale', view: 'search' },
  { path: '/search/used-cars', title: 'Used Cars for Sale', view: 'search' },
  { path: '/search/new-cars', title: 'New Cars for Sale', view: 'search' },
  { path: '/search/demo-cars', title: 'Demo Cars for Sale', view: 'search' },
  { path: '/search/new-and-demo-cars', title: 'New and Demo Cars for Sale', view: 'search' },
  { path: '/search/:a', title: 'Cars for Sale', view: 'search' },
  { path: '/search/:a/:b', title: 'Cars for Sale', view: 'search' },
  { path: '/search/:a/:b/:c', title: 'Cars for Sale', view: 'search' },

  // Vehicle pages
  { path: '/cars/trade-in', title: 'Trade-In Valuation', view: 'trade-in' },
  { path: '/cars/:slug', title: 'Vehicle Details', view: 'vehicle' },
  soon('/cars/:slug/checkout', 'Reserve Your Car'),
  soon('/cars/:slug/buy-online', 'Buy Online'),
  soon('/checkout-journey', 'Checkout'),

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
  soon('/sign-in', 'Sign In'),
  soon('/watchlist', 'Watchlist'),

  // Locations
  { path: '/contact-us/:slug', title: 'Contact Us', view: 'contact' },
  soon('/our-location/:slug', 'Our Location'),
  { path: '/contact', title: 'Contact Us', view: 'contact' },
  soon('/locations/:slug', 'Locations'),

  // Dealer and brand pages
  soon('/dealer-locator', 'Dealer Locator'),
  soon('/brands', 'Brands'),
  soon('/about-us', 'About Us'),
  soon('/:brand/overview', 'Brand Overview', { server: false }),

  // Service and parts
  { path: '/service', title: 'Book a Service', view: 'service' },
  soon('/subaru-service', 'Subaru Service'),
  soon('/service-maroochydore', 'Service Maroochydore'),
  soon('/service-noosa', 'Service Noosa'),
  soon('/book-a-service-smithfield', 'Book a Service Smithfield'),
  { path: '/vehicle-parts-and-accessories', title: 'Vehicle Parts and Accessories', view: 'parts' },

  // Offers and models
  soon('/special-offers', 'Special Offers'),
  soon('/models', 'Models'),
  soon('/models/order-now', 'Order Now'),

  // Gated tenant pages
  soon('/spin-to-win', 'Spin to Win'),
  soon('/online-payment', 'Online Payment'),
  soon('/mymotorama', 'My Motorama'),
  soon('/mybigboxcars', 'My Big Box Cars'),
  soon('/myblinkr', 'My Blinkr'),
  soon('/myservco', 'My Servco'),
  soon('/my-garage', 'My Garage'),

  // Informational pages
  soon('/warranty', 'Warranty'),
  soon('/new-vehicle-warranty', 'New Vehicle Warranty'),
  soon('/pages/capped-price-servicing', 'Capped Price Servicing'),
  soon('/roadside-assist', 'Roadside Assist'),
  soon('/fleet', 'Fleet'),
  { path: '/careers', title: 'Careers', view: 'careers' },
  soon('/faqs', 'FAQs'),
  soon('/pages/unsubscribe', 'Unsubscribe'),
  { path: '/privacy-policy', title: 'Privacy Policy', view: 'privacy' },
  { path: '/terms-and-conditions', title: 'Terms and Conditions', view: 'terms' },
  { path: '/book-test-drive/', title: 'Book a Test Drive', view: 'test-drive' },

  // One dealership group; brand and partner pages; promotions
  soon('/autopact-handback-guarantee', 'Autopact Handback Guarantee'),
  soon('/autopact-protection-plan', 'Autopact Protection Plan'),
  soon('/ultratek', 'Ultratek'),
  soon('/twg-cars', 'TWG Cars'),
  soon('/twg-rental', 'TWG Rental'),
  soon('/twg-tyres', 'TWG Tyres'),
  soon('/finance-and-insurance', 'Finance and Insurance'),
  soon('/neotek', 'Neotek'),
  soon('/4x4-outdoor', '4x4 Outdoor'),
  soon('/eofy', 'End of Financial Year Sale'),
  soon('/pages/eofy-sale', 'End of Financial Year Sale'),

  // Breadcrumb link base
  soon('/used-car/*', 'Used Cars'),
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

// serverPatterns is the content of routes.json.
export function serverPatterns(routes: readonly PageRoute[] = pageRoutes): string[] {
  return routes.filter((r) => r.server !== false).flatMap((r) => toServeMuxPatterns(r.path))
}
