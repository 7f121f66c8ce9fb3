import { queryKeys } from '@/lib/query-keys'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { ApiError, apiFetch } from '@/lib/api'
import { modelsQueryOptions } from '@/lib/queries'
import type { ModelDetail } from '../lib/rules'

export function useModels() {
  return useQuery(modelsQueryOptions())
}

export const modelQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.model(slug),
    queryFn: ({ signal }) => apiFetch<ModelDetail>(`/api/models/${encodeURIComponent(slug)}`, { signal }),
    staleTime: 5 * 60_000,
    // A model that is not the site's stays not found.
    retry: (n, err) => !(err instanceof ApiError && err.status === 404) && n < 2,
  })

export function useModel(slug: string) {
  return useQuery({ ...modelQueryOptions(slug), enabled: slug !== '' })
}
