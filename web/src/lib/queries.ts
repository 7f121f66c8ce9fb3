import { queryKeys } from './query-keys'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api } from './api'

// The queries several features share, each defined once: one key, one
// fetcher, one freshness. Two definitions under one key would share one
// cache entry with different rules, each feature getting whichever ran
// first. A feature's own queries stay in its api/ folder.

// carQueryOptions is one car, for its page and for the forms about it.
export const carQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.car(slug),
    queryFn: ({ signal }) => api('get', '/api/cars/{slug}', { params: { slug }, signal }).then((r) => r.car),
    staleTime: 60_000,
    // A car that is not there (404) stays not found when the page is taken
    // over from the server, instead of showing loading while it is asked again.
    retryOnMount: false,
  })

// searchQuery is the search call's query for a listing page's URL: the
// page URL's own query passed straight through, plus the listing path. The
// server reads both the way it reads the page URL.
export function searchQuery(pathname: string, search: string): string {
  const rest = search.replace(/^\?/, '')
  return `path=${encodeURIComponent(pathname)}${rest ? `&${rest}` : ''}`
}

// searchQueryOptions is a listing's answer: for the results page, and for the
// stock menu and the home page's featured stock, which read the site's
// plain listing so their counts match the page's.
export const searchQueryOptions = (pathname: string, search: string) =>
  queryOptions({
    queryKey: queryKeys.search(pathname, search.replace(/^\?/, '')),
    queryFn: ({ signal }) => api('get', '/api/search', { query: searchQuery(pathname, search), signal }),
    // docs/behaviour/states.md#search-load: the previous hits stay while
    // the next page loads, and on error.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    // A path that names no listing (404) stays not found when the page is
    // taken over from the server, instead of loading while it is asked again.
    retryOnMount: false,
  })

// modelsQueryOptions is the site's new models: for the New Vehicles menu and the
// model pages, which so share one answer.
export const modelsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.models(),
    queryFn: ({ signal }) => api('get', '/api/models', { signal }).then((r) => r.models ?? []),
    staleTime: 5 * 60_000,
  })
