import { queryKeys } from '@/lib/query-keys'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, ApiError } from '@/lib/api'
import { modelsQueryOptions } from '@/lib/queries'

export function useModels() {
  return useQuery(modelsQueryOptions())
}

export const modelQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.model(slug),
    queryFn: ({ signal }) => api('get', '/api/models/{slug}', { params: { slug }, signal }),
    staleTime: 5 * 60_000,
    // A model that is not the site's stays not found.
    retry: (n, err) => !(err instanceof ApiError && err.status === 404) && n < 2,
  })

export function useModel(slug: string) {
  return useQuery({ ...modelQueryOptions(slug), enabled: slug !== '' })
}
