import { queryKeys } from '@/lib/query-keys'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { components } from '@/lib/api-types'

export type Autogauge = components['schemas']['Autogauge']

// getAutogauge asks for the price comparison when a vehicle page opens. A
// failure shows nothing and is only logged (docs/behaviour/calls.md and docs/behaviour/errors.md).
export async function getAutogauge(slug: string, signal?: AbortSignal): Promise<Autogauge | null> {
  try {
    const data = await api('get', '/api/cars/{slug}/autogauge', { params: { slug }, signal })
    if (!data) {
      console.error('No data returned')
      return null
    }
    return data
  } catch (err) {
    if (!signal?.aborted) console.error('Failed to fetch auto gauge data.', err)
    return null
  }
}

export const autogaugeQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.autogauge(slug),
    queryFn: ({ signal }) => getAutogauge(slug, signal),
    staleTime: 5 * 60_000,
    retry: false,
  })

export function useAutogauge(slug: string, enabled: boolean) {
  return useQuery({ ...autogaugeQueryOptions(slug), enabled })
}
