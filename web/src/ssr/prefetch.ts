import type { QueryClient } from '@tanstack/react-query'
import type { Params } from 'react-router'
import { carQueryOptions } from '@/features/vehicle/api/get-car'
import { autogaugeQueryOptions } from '@/features/vehicle/api/get-autogauge'
import { searchQueryOptions } from '@/features/search/api/get-search'

// What a page view needs before its first render on the server, so the
// first render already has it (each render costs the server time; a page
// finds the rest itself, one more render a round).
const needs: Partial<Record<string, (client: QueryClient, params: Params, url: URL) => Promise<void>>> = {
  vehicle: async (client, params) => {
    const car = await client.fetchQuery(carQueryOptions(params.slug ?? '')).catch(() => null)
    // The price comparison sits beside an available car's price.
    if (car?.available) await client.prefetchQuery(autogaugeQueryOptions(params.slug ?? ''))
  },
  search: (client, _params, url) => client.prefetchQuery(searchQueryOptions(url.pathname, url.search)),
}

export async function prefetch(client: QueryClient, matches: readonly { params: Params; route: { handle?: unknown } }[], url: URL) {
  await Promise.all(
    matches.map((m) => {
      const view = (m.route.handle as { view?: string } | undefined)?.view
      const need = view ? needs[view] : undefined
      return need ? need(client, m.params, url) : undefined
    }),
  )
}
