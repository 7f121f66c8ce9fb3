import { queryKeys } from '@/lib/query-keys'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { components } from '@/lib/api-types'

export type SimilarHit = components['schemas']['SearchHit']

// getSimilar: a failure is logged and shows no cars (docs/behaviour/errors.md).
export async function getSimilar(slug: string, signal?: AbortSignal): Promise<SimilarHit[]> {
  try {
    const r = await api('get', '/api/cars/{slug}/similar', { params: { slug }, signal })
    return r.hits ?? []
  } catch (err) {
    if (!signal?.aborted) console.error('Failed to fetch similar cars.', err)
    return []
  }
}

export const similarQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.similar(slug),
    queryFn: ({ signal }) => getSimilar(slug, signal),
    staleTime: 5 * 60_000,
  })

export function useSimilar(slug: string, enabled: boolean) {
  return useQuery({ ...similarQueryOptions(slug), enabled })
}
