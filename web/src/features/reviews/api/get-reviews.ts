import { queryKeys } from '@/lib/query-keys'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { components } from '@/lib/api-types'

export type Review = components['schemas']['Review']
export type ReviewsResponse = components['schemas']['Reviews']

export const reviewsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.reviews(),
    queryFn: ({ signal }) => api('get', '/api/reviews', { signal }),
    staleTime: 5 * 60_000,
  })

export function useReviews(enabled = true) {
  return useQuery({ ...reviewsQueryOptions(), enabled })
}
