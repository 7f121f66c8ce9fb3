import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import type { components } from '@/lib/api-types'

type Schemas = components['schemas']
export type MenuModel = Schemas['MenuModel']
type SearchResult = Schemas['SearchResult']

// The stock menu reads the counts of the site's plain listing: the same
// answer the listing page shows, so the menu's numbers match the page's.
export const stockMenuQueryOptions = (defaultPath: string) =>
  queryOptions({
    queryKey: ['search', defaultPath, ''],
    queryFn: ({ signal }) =>
      apiFetch<SearchResult>(`/api/search?path=${encodeURIComponent(defaultPath)}`, { signal }),
    staleTime: 60_000,
  })

export function useStockMenu(defaultPath: string, enabled: boolean) {
  return useQuery({ ...stockMenuQueryOptions(defaultPath), enabled })
}

export const modelsMenuQueryOptions = () =>
  queryOptions({
    queryKey: ['models'],
    queryFn: ({ signal }) => apiFetch<{ models: MenuModel[] }>('/api/models', { signal }).then((r) => r.models ?? []),
    staleTime: 5 * 60_000,
  })

export function useModelsMenu(enabled: boolean) {
  return useQuery({ ...modelsMenuQueryOptions(), enabled })
}
