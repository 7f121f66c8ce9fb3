import { useCallback, useEffect, useMemo, useRef } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useLocation, useNavigate } from 'react-router'
import { useSite } from '@/lib/site'
import { searchQueryOptions } from '@/lib/queries'
import { useSearch, type SearchResponse, type SearchState } from '../api/get-search'
import { listingHref, pathRefinements, readUrlState, type Refinements } from './search-url'

const noRefs: Refinements = {}

// The history state of a listing entry the page made itself: the search
// it stands for, known before the server has read the new path.
export type ListingNavState = { search?: SearchState; refine?: boolean }

function normalise(q: SearchState | undefined): SearchState | undefined {
  if (!q) return undefined
  const out: SearchState = { text: q.text ?? '', page: q.page || 1, sort: q.sort ?? '', refinements: q.refinements ?? {}, ranges: q.ranges ?? {} }
  if (q.any_city) out.any_city = true
  if (q.postcode) out.postcode = q.postcode
  if (q.distance) out.distance = q.distance
  return out
}

function splitHref(href: string): { pathname: string; search: string } {
  const i = href.indexOf('?')
  return i < 0 ? { pathname: href, search: '' } : { pathname: href.slice(0, i), search: href.slice(i) }
}

// useSearchPage ties the listing to its URL: the URL is the state, its path
// derived from the filters (docs/behaviour/screens.md), the server's normalised state
// (with the filters the path implies) is read back from each answer, and
// every change is a navigation, so back and forward work and a copied URL
// reproduces the page.
export function useSearchPage() {
  const site = useSite()
  const location = useLocation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const result = useSearch(location.pathname, location.search)
  // docs/behaviour/states.md#search-load: on error the previous hits stay.
  // The query keeps them while loading; once it fails it has none, so the
  // last answer is remembered here.
  const lastAnswer = useRef<SearchResponse | undefined>(undefined)
  if (result.data) lastAnswer.current = result.data
  const data = result.data ?? (result.isError ? lastAnswer.current : undefined)
  const urlState = useMemo(() => readUrlState(location.search), [location.search])
  const fresh = result.data !== undefined && !result.isPlaceholderData
  const navState = location.state as ListingNavState | null

  const freshQuery = useMemo(() => (fresh ? normalise(result.data?.query) : undefined), [fresh, result.data])
  const freshRefs = useMemo(
    () => (freshQuery ? pathRefinements(freshQuery.refinements, urlState.refinements) : undefined),
    [freshQuery, urlState],
  )
  // The path's own filters, remembered per path so they stay known while
  // the next answer for the same path loads.
  const known = useRef<{ pathname: string; refs: Refinements } | null>(null)
  if (freshRefs && known.current?.refs !== freshRefs) known.current = { pathname: location.pathname, refs: freshRefs }
  const pathRefs = known.current?.pathname === location.pathname ? known.current.refs : noRefs

  const state: SearchState = useMemo(() => {
    if (freshQuery) return freshQuery
    // A filter just chosen: its entry says what it stands for.
    if (navState?.search) return navState.search
    const refinements: Refinements = { ...urlState.refinements }
    for (const [facet, values] of Object.entries(pathRefs)) refinements[facet] = [...values, ...(refinements[facet] ?? [])]
    return { ...urlState, refinements }
  }, [freshQuery, navState, urlState, pathRefs])

  const places = useMemo(
    () => ({ dealerships: site.dealerships ?? [], locations: site.locations ?? [], defaultCity: site.search.default_city }),
    [site],
  )
  const hrefFor = useCallback((next: SearchState) => listingHref(next, places), [places])

  // Filter changes keep the scroll position: the visitor is in the panel.
  const go = useCallback(
    (next: SearchState) => {
      const nav: ListingNavState = { search: next, refine: true }
      void navigate(hrefFor(next), { preventScrollReset: true, state: nav })
    },
    [navigate, hrefFor],
  )

  // Where the server spells this listing's path otherwise (a trailing slash,
  // a slug it reads differently), its canonical URL takes this entry's place;
  // the answer is the same, so it is reused rather than asked for again.
  const canonicalPath = fresh ? result.data?.path : undefined
  const canonical = fresh ? result.data?.canonical : undefined
  useEffect(() => {
    if (!canonicalPath || !canonical || !result.data || canonicalPath === location.pathname) return
    const to = splitHref(canonical)
    queryClient.setQueryData(searchQueryOptions(to.pathname, to.search).queryKey, result.data)
    const nav: ListingNavState = { ...(navState ?? {}), refine: true }
    void navigate(canonical, { replace: true, preventScrollReset: true, state: nav })
  }, [canonicalPath, canonical, location.pathname, result.data, navState, queryClient, navigate])

  return { result, data, state, fresh, hrefFor, go, pathname: location.pathname, locationKey: location.key, refine: !!navState?.refine }
}
