import { queryKeys } from '@/lib/query-keys'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, type Site } from '@/lib/api'

// readEmbeddedSite returns the config the server put in the page, so the
// first render needs no request; null in vite dev or if it is unreadable.
export function readEmbeddedSite(doc: Document = document): Site | null {
  const el = doc.getElementById('site-config')
  if (!el?.textContent) return null
  try {
    return JSON.parse(el.textContent) as Site
  } catch {
    return null
  }
}

export function getSite(): Promise<Site> {
  return api('get', '/api/site')
}

export const siteQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.site(),
    queryFn: getSite,
    staleTime: Infinity,
  })

export function useSiteQuery(initial: Site | null) {
  return useQuery({ ...siteQueryOptions(), initialData: initial ?? undefined })
}
