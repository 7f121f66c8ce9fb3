import { queryKeys } from '@/lib/query-keys'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { components } from '@/lib/api-types'

export type PageContent = components['schemas']['PageContent']

export const pageQueryOptions = (path: string) =>
  queryOptions({
    queryKey: queryKeys.page(path),
    queryFn: ({ signal }) => api('get', '/api/pages', { query: `path=${encodeURIComponent(path)}`, signal }),
    staleTime: 5 * 60_000,
  })

export function usePageContent(path: string) {
  return useQuery(pageQueryOptions(path))
}
