// Every query key of the app, in one place: each names one cache entry,
// and a key written twice with different rules would share one entry,
// each caller getting whichever ran first. The query options that use
// them stay with their feature (or in queries.ts when several share one).
// The first element names the kind of answer: the server's page renderer
// and the page state read it (entry-server.tsx, page-state.ts).
export const queryKeys = {
  site: () => ['site'] as const,
  locations: () => ['locations'] as const,
  reviews: () => ['reviews'] as const,
  page: (path: string) => ['page', path] as const,
  search: (pathname: string, query: string) => ['search', pathname, query] as const,
  suggest: (text: string) => ['suggest', text] as const,
  car: (slug: string) => ['car', slug] as const,
  similar: (slug: string) => ['similar', slug] as const,
  autogauge: (slug: string) => ['autogauge', slug] as const,
  compareCars: (ids: string) => ['compare-cars', ids] as const,
  models: () => ['models'] as const,
  model: (slug: string) => ['model', slug] as const,
  financeCar: (id: number | null) => ['finance-car', id] as const,
  youxQuote: (carId: number | undefined) => ['youx-quote', carId] as const,
  appointments: (locationId: number, date: string) => ['appointments', locationId, date] as const,
  appointmentDays: (locationId: number) => ['appointment-days', locationId] as const,
  tradeInOptions: () => ['trade-in', 'options'] as const,
  tradeInCar: (carId: string | null) => ['trade-in', 'car', carId] as const,
  // A signed-in visitor's own answers, all under 'account': signing in or
  // out drops them together.
  account: () => ['account'] as const,
  me: () => ['account', 'me'] as const,
  watchlist: () => ['account', 'watchlist'] as const,
  watchedCar: (id: number) => ['account', 'car', id] as const,
  alertSettings: () => ['account', 'alerts'] as const,
  garage: () => ['account', 'garage'] as const,
}
