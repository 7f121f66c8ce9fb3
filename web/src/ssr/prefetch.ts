import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query'
import type { Params } from 'react-router'
import { ApiError, type Site } from '@/lib/api'
import { carQueryOptions, modelsQueryOptions, searchQueryOptions } from '@/lib/queries'
import { autogaugeQueryOptions } from '@/features/vehicle/api/get-autogauge'
import { similarQueryOptions } from '@/features/vehicle/api/get-similar'
import { modelQueryOptions } from '@/features/models/api/get-models'
import { pageQueryOptions } from '@/features/pages/api/get-page'
import { locationsQueryOptions } from '@/features/locations/api/get-locations'
import { reviewsQueryOptions } from '@/features/reviews/api/get-reviews'
import { tradeInOptionsQuery, tradeInTargetCarQuery } from '@/features/trade-in/api/trade-in'
import { financeCarQueryOptions } from '@/features/finance/components/finance-car'
import { readFinanceLink } from '@/features/finance/lib/finance-link'
import { pageFor } from '@/lib/offered-pages'

// What a page view's first screen draws from the API, fetched before the
// one render so that render has it all (the documented TanStack Query way
// for a server render). A query a view draws that is missing here shows as
// loading in the page, is named on the worker's stderr, and the browser
// fetches it.

type Need = {
  client: QueryClient
  site: Site
  params: Params
  url: URL
  // The route's own pattern (config/routes.ts).
  routePath: string
}

// Done says whether the page's own record is not there (a car or model that
// is gone): the app draws the not-found page, and the answer is a 404.
type Done = { notFound?: boolean } | void

// get fetches a query into the cache; no retries on the server (a retry
// waits on a timer; the browser retries what failed).
function get<T, K extends QueryKey>(client: QueryClient, options: FetchQueryOptions<T, Error, T, K>): Promise<T | undefined> {
  return client.fetchQuery({ ...options, retry: false }).catch(() => undefined)
}

function isNotFound(client: QueryClient, key: readonly unknown[]): boolean {
  const e = client.getQueryState(key)?.error
  return e instanceof ApiError && e.status === 404
}

// The reviews section sits on the locations and contact pages' first screens.
function reviews({ client, site }: Need) {
  return site.reviews.hidden ? undefined : get(client, reviewsQueryOptions())
}

async function car(n: Need, slug: string, carPage = false): Promise<Done> {
  if (!slug) return
  const opts = carQueryOptions(slug)
  const found = await get(n.client, opts)
  if (found && carPage) {
    const f = n.site.features
    await Promise.all([
      // The price comparison sits beside an available car's price.
      found.available ? get(n.client, autogaugeQueryOptions(slug)) : undefined,
      // Unless the site loads them as they scroll into view, the similar
      // cars are drawn with the page.
      f.similar_cars && !f.similar_load_in_view ? get(n.client, similarQueryOptions(slug)) : undefined,
    ])
  }
  return { notFound: isNotFound(n.client, opts.queryKey) }
}

async function model(n: Need, slug: string): Promise<Done> {
  if (!slug) return
  const opts = modelQueryOptions(slug)
  await get(n.client, opts)
  return { notFound: isNotFound(n.client, opts.queryKey) }
}

const needs: Partial<Record<string, (n: Need) => Promise<Done> | undefined>> = {
  vehicle: (n) => car(n, n.params.slug ?? '', true),
  print: (n) => car(n, n.url.searchParams.get('car_id') ?? ''),
  // The lead pages about one car read it under the car page's key.
  'test-drive': async (n) => {
    await car(n, n.url.searchParams.get('car_id') ?? '')
  },
  checkout: (n) => {
    if (n.routePath === '/checkout-journey' && !n.site.features.checkout_journey) return
    const slug = n.routePath === '/checkout-journey' ? (n.url.searchParams.get('car_id') ?? '').trim() : (n.params.slug ?? '')
    return car(n, slug)
  },
  search: async ({ client, url }) => {
    await get(client, searchQueryOptions(url.pathname, url.search))
  },
  models: async ({ client }) => {
    await get(client, modelsQueryOptions())
  },
  brands: async ({ client }) => {
    await get(client, modelsQueryOptions())
  },
  'brand-overview': async ({ client }) => {
    await get(client, modelsQueryOptions())
  },
  model: (n) => model(n, n.params.slug ?? ''),
  'order-now': async (n) => {
    await model(n, n.url.searchParams.get('model_id') ?? '')
  },
  // A page of the site's config: its content, if the site offers it.
  page: async ({ client, site, url, routePath }) => {
    if (pageFor(site, routePath)) await get(client, pageQueryOptions(url.pathname))
  },
  // The account pages' own words come from the site's pages (the gated
  // ones are drawn in the browser alone: they need the visitor's session).
  favourites: async ({ client, site, routePath }) => {
    if (pageFor(site, routePath)) await get(client, pageQueryOptions('/favourites'))
  },
  'sign-in': async ({ client, site, routePath }) => {
    if (pageFor(site, routePath)) await get(client, pageQueryOptions('/sign-in'))
  },
  // Their location cards show hours, which the page's config leaves out.
  locations: async (n) => {
    await Promise.all([reviews(n), get(n.client, locationsQueryOptions())])
  },
  contact: async (n) => {
    if (n.params.slug) await Promise.all([reviews(n), get(n.client, locationsQueryOptions())])
  },
  'trade-in': async ({ client, url }) => {
    const carId = url.searchParams.get('car_id')
    const forCar = url.pathname.replace(/\/$/, '') === '/cars/trade-in'
    await Promise.all([get(client, tradeInOptionsQuery()), forCar && carId ? get(client, tradeInTargetCarQuery(carId)) : undefined])
  },
  finance: async ({ client, url }) => {
    const { carId } = readFinanceLink(url.search)
    if (carId !== null) await get(client, financeCarQueryOptions(carId))
  },
}

type Match = { params: Params; route: { handle?: unknown } }

// prefetch fetches what the matched views need; notFound is true when a
// view's own record answered 404.
export async function prefetch(client: QueryClient, site: Site, matches: readonly Match[], url: URL): Promise<{ notFound: boolean }> {
  const done = await Promise.all(
    matches.map((m) => {
      const handle = m.route.handle as { view?: string; path?: string } | undefined
      const need = handle?.view ? needs[handle.view] : undefined
      return need?.({ client, site, params: m.params, url, routePath: handle?.path ?? '' })
    }),
  )
  return { notFound: done.some((d) => d?.notFound === true) }
}
