import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

export type SearchResponse = Schemas['SearchResult']
export type FacetValue = Schemas['FacetItem']
export type SearchPromoCard = Schemas['SearchPromoCard']
export type SearchState = Schemas['SearchState']
export type NumericRange = Schemas['NumericRange']

// searchApiUrl passes the page URL's own query straight through, plus the
// listing path: the server reads both the way it reads the page URL.
export function searchApiUrl(pathname: string, search: string): string {
  const rest = search.replace(/^\?/, '')
  return `/api/search?path=${encodeURIComponent(pathname)}${rest ? `&${rest}` : ''}`
}

export function getSearch(pathname: string, search: string, signal?: AbortSignal): Promise<SearchResponse> {
  return apiFetch<SearchResponse>(searchApiUrl(pathname, search), { signal })
}

export const searchQueryOptions = (pathname: string, search: string) =>
  queryOptions({
    queryKey: ['search', pathname, search.replace(/^\?/, '')],
    queryFn: ({ signal }) => getSearch(pathname, search, signal),
    // docs/behaviour/states.md#search-load: the previous hits stay while
    // the next page loads, and on error.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    // A path that names no listing (404) stays not found when the page is
    // taken over from the server, instead of loading while it is asked again.
    retryOnMount: false,
  })

export function useSearch(pathname: string, search: string) {
  return useQuery(searchQueryOptions(pathname, search))
}
