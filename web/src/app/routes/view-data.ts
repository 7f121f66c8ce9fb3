import { carQueryOptions } from '@/lib/queries'
import { autogaugeQueryOptions } from '@/features/vehicle/api/get-autogauge'
import { similarQueryOptions } from '@/features/vehicle/api/get-similar'
import { modelQueryOptions } from '@/features/models/api/get-models'
import { reviewsQueryOptions } from '@/features/reviews/api/get-reviews'
import { locationsQueryOptions } from '@/features/locations/api/get-locations'
import { pageQueryOptions } from '@/features/pages/api/get-page'
import { pageFor } from '@/lib/offered-pages'
import { fetchInto, isNotFound, type Done, type Need } from '../view-loader'

// The data several views' loaders share (../view-loader.ts).

// loadCar fetches one car, under the key its page reads; on the car's own
// page also the parts drawn beside it.
export async function loadCar(n: Need, slug: string, carPage = false): Promise<Done> {
  if (!slug) return
  const opts = carQueryOptions(slug)
  const found = await fetchInto(n.client, opts)
  if (found && carPage) {
    const f = n.site.features
    await Promise.all([
      // The price comparison sits beside an available car's price.
      found.available ? fetchInto(n.client, autogaugeQueryOptions(slug)) : undefined,
      // Unless the site loads them as they scroll into view, the similar
      // cars are drawn with the page.
      f.similar_cars && !f.similar_load_in_view ? fetchInto(n.client, similarQueryOptions(slug)) : undefined,
    ])
  }
  return { notFound: isNotFound(n.client, opts.queryKey) }
}

// loadModel fetches one model of the site's range.
export async function loadModel(n: Need, slug: string): Promise<Done> {
  if (!slug) return
  const opts = modelQueryOptions(slug)
  await fetchInto(n.client, opts)
  return { notFound: isNotFound(n.client, opts.queryKey) }
}

// loadLocationCards fetches what location cards draw beside the page's
// config: the locations' hours (docs/behaviour/http.md#page-config) and,
// where the site shows them, the reviews.
export async function loadLocationCards({ client, site }: Need): Promise<void> {
  await Promise.all([site.reviews.hidden ? undefined : fetchInto(client, reviewsQueryOptions()), fetchInto(client, locationsQueryOptions())])
}

// loadPageWords fetches the site's own words for the page at path (its
// pages config's content), where the site offers the route.
export async function loadPageWords({ client, site, routePath }: Need, path: string): Promise<void> {
  if (pageFor(site, routePath)) await fetchInto(client, pageQueryOptions(path))
}
