import { queryKeys } from '@/lib/query-keys'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { Hit } from '@/components/car-card'

export type CompareCars = { cars: Hit[]; missing: number[] }

// getCompareCars: GET /api/cars?ids=… answers the cars in the order asked;
// ids the site does not show come back under missing.
export function getCompareCars(ids: readonly number[], signal?: AbortSignal): Promise<CompareCars> {
  return api('get', '/api/cars', { query: `ids=${ids.join(',')}`, signal })
}

export const compareCarsQueryOptions = (ids: readonly number[]) =>
  queryOptions({
    queryKey: queryKeys.compareCars(ids.join(',')),
    queryFn: ({ signal }) => getCompareCars(ids, signal),
    enabled: ids.length > 0,
    staleTime: 60_000,
    // Removing a car keeps the other columns on screen while the new list loads.
    placeholderData: keepPreviousData,
  })

export function useCompareCars(ids: readonly number[]) {
  return useQuery(compareCarsQueryOptions(ids))
}
