import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch, type CarDetail } from '@/lib/api'

export function getCar(slug: string, signal?: AbortSignal): Promise<{ car: CarDetail }> {
  return apiFetch<{ car: CarDetail }>(`/api/cars/${encodeURIComponent(slug)}`, { signal })
}

export const carQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['car', slug],
    queryFn: ({ signal }) => getCar(slug, signal).then((r) => r.car),
    staleTime: 60_000,
    // A car that is not there (404) stays not found when the page is taken
    // over from the server, instead of showing loading while it is asked again.
    retryOnMount: false,
  })

export function useCar(slug: string) {
  return useQuery(carQueryOptions(slug))
}
