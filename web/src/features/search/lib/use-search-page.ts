import { useCallback, useMemo, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useSearch, type SearchResponse, type SearchState } from '../api/get-search'
import { pathRefinements, readUrlState, searchHref, type Refinements } from './search-url'

const noRefs: Refinements = {}

function normalise(q: SearchState | undefined): SearchState | undefined {
  if (!q) return undefined
  return { text: q.text ?? '', page: q.page || 1, sort: q.sort ?? '', refinements: q.refinements ?? {}, ranges: q.ranges ?? {} }
}

// useSearchPage ties the listing to its URL: the URL is the state, the
// server's normalised state (with the filters the path implies) is read
// back from each answer, and every change is a navigation, so back and
// forward work and a copied URL reproduces the page.
export function useSearchPage() {
  const location = useLocation()
  const navigate = useNavigate()
  const result = useSearch(location.pathname, location.search)
  // SPEC.md section 4, Search result load: on error the previous hits stay.
  // The query keeps them while loading; once it fails it has none, so the
  // last answer is remembered here.
  const lastAnswer = useRef<SearchResponse | undefined>(undefined)
  if (result.data) lastAnswer.current = result.data
  const data = result.data ?? (result.isError ? lastAnswer.current : undefined)
  const urlState = useMemo(() => readUrlState(location.search), [location.search])
  const fresh = result.data !== undefined && !result.isPlaceholderData

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
    const refinements: Refinements = { ...urlState.refinements }
    for (const [facet, values] of Object.entries(pathRefs)) refinements[facet] = [...values, ...(refinements[facet] ?? [])]
    return { ...urlState, refinements }
  }, [freshQuery, urlState, pathRefs])

  const hrefFor = useCallback((next: SearchState) => searchHref(location.pathname, pathRefs, next), [location.pathname, pathRefs])

  // Filter changes keep the scroll position: the visitor is in the panel.
  const go = useCallback(
    (next: SearchState) => {
      void navigate(hrefFor(next), { preventScrollReset: true })
    },
    [navigate, hrefFor],
  )

  return { result, data, state, fresh, hrefFor, go, pathname: location.pathname }
}
