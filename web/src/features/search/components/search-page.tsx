import { useAfterTakeover } from '@/lib/use-hydrated'
import { stockCount } from '@/lib/stock-count'
import { useMediaQuery } from '@/lib/use-media-query'
import { TriangleAlert } from 'lucide-react'
import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { ApiError, type Suggestion } from '@/lib/api'
import { useDocumentTitle } from '@/lib/document-title'
import { useSite } from '@/lib/site'
import { HitsPerPage } from '../lib/constants'
import { listingTitle, stockTitle } from '../lib/listing-title'
import { clearNear, refusedMessage, withoutRefused } from '../lib/search-url'
import { useSearchPage } from '../lib/use-search-page'
import { EmptyState } from './empty-state'
import { FilterDialog } from './filter-dialog'
import { Pagination } from './pagination'
import { ResultGrid, SkeletonGrid, type CardComponents } from './result-grid'
import { ActiveFilters, SearchBox, SortSelect } from './search-controls'

// The facet panel (Radix accordion, checkboxes and the price slider) is its
// own chunk: the results draw first, the panel fills its column when it has
// loaded (on phones it sits in the filter dialog).
const FacetPanel = lazy(() => import('./facet-panel').then((m) => ({ default: m.FacetPanel })))

function PanelLoading() {
  return <div role="status" aria-label="Loading filters" className="min-h-96 rounded-lg border" />
}

type Props = {
  cards: CardComponents
  // The title the route gives this path, shown until the first answer.
  fallbackTitle: string
  // Called once per search page view (docs/behaviour/calls.md, event 49): when a
  // visitor opens a listing (a link, the address bar, a reload, another
  // page of results), not for each filter or sort chosen on it, nor when
  // back and forward return to an entry already seen.
  onView?: () => void
  // Buttons beside the heading for this listing (e.g. Save this search).
  actions?: (p: { title: string }) => ReactNode
  // The page for a path that names no listing (a mistyped make), given the
  // listings the server thinks it meant.
  notFound?: (suggestions: Suggestion[]) => ReactNode
}

const whole = (n: number) => n.toLocaleString('en-AU')

export function SearchPage({ cards, fallbackTitle, onView, actions, notFound }: Props) {
  const site = useSite()
  const { result, data, state, fresh, hrefFor, go, locationKey, refine } = useSearchPage()
  const viewed = useRef(new Set<string>())
  useEffect(() => {
    if (refine || viewed.current.has(locationKey)) return
    viewed.current.add(locationKey)
    onView?.()
  }, [locationKey, refine, onView])
  const heading = stockTitle(fresh ? listingTitle(state, site.search.stock_rules.used_only) : fallbackTitle, site.wording.stock_noun_plural)
  // A 404 is the answer, not a failure to retry: the path names no listing.
  const missing = notFound && result.error instanceof ApiError && result.error.status === 404 ? result.error : null
  useDocumentTitle(missing ? `Page not found | ${site.name}` : `${heading} | ${site.name}`)

  const perPage = data?.hits_per_page || site.search.hits_per_page || HitsPerPage
  const cardsPerRow = site.search.cards_per_row || 3
  const busy = result.isFetching && result.isPlaceholderData
  const activeCount =
    Object.values(state.refinements).reduce((n, v) => n + v.length, 0) +
    Object.keys(state.ranges).length +
    (state.text ? 1 : 0) +
    (state.postcode ? 1 : 0)
  // A distance search the server refused (an unknown postcode) says why,
  // beside the postcode and in place of the results.
  const refused = result.error instanceof ApiError && result.error.status === 422 ? result.error.fields : undefined
  const nearError = refused?.postcode ?? refused?.distance
  // Any other part of the address the server refused (a price range that
  // is no range) is named, with the listing to be had without it.
  const invalid = refused && !nearError ? Object.entries(refused) : []
  const panel = (
    <Suspense fallback={<PanelLoading />}>
      <FacetPanel facets={data?.facets} state={state} onChange={go} nearError={nearError} />
    </Suspense>
  )

    if (missing && notFound) return <>{notFound(missing.suggestions)}</>

  // Counted in what the site calls its vehicles: cars, or caravans on a caravan yard.
  let summary = ''
  if (data && data.hits.length > 0) {
    const from = (data.page - 1) * perPage + 1
    summary = `Showing ${whole(from)}–${whole(from + data.hits.length - 1)} of ${stockCount(data.count, site.wording)}`
  } else if (data) {
    summary = `Showing ${stockCount(0, site.wording)}`
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">{heading}</h1>
        {actions?.({ title: heading })}
      </div>
      <p className="mt-1 min-h-6 text-muted-foreground" aria-live="polite">
        {summary}
      </p>

      {/* docs/behaviour/screens.md#skip-links: past the filters to the cars. */}
      {data && data.hits.length > 0 && (
        <a
          href="#results"
          onClick={(e) => {
            e.preventDefault()
            document.getElementById('results')?.focus()
          }}
          className="sr-only focus:not-sr-only focus:mt-2 focus:inline-block focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-primary-foreground"
        >
          Skip to results
        </a>
      )}

      <div className="mt-6 lg:grid lg:grid-cols-[18rem_1fr] lg:gap-8">
        <aside aria-label="Filters" className="hidden lg:block">
          <h2 className="sr-only">Filters</h2>
          {/* The long filter lists follow the first screen, on screens
              wide enough to show them (phones open them in a dialog). */}
          <WidePanel>{panel}</WidePanel>
        </aside>

        <div className="min-w-0 space-y-4">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <SearchBox state={state} onChange={go} />
            <div className="flex min-w-0 items-center justify-between gap-3">
              <FilterDialog count={data?.count ?? 0} activeCount={activeCount}>
                {panel}
              </FilterDialog>
              <SortSelect state={state} onChange={go} siteDefault={site.search.default_sort} />
            </div>
          </div>

          <ActiveFilters state={state} facets={data?.facets} onChange={go} />

          {nearError && (
            <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm">
              <TriangleAlert aria-hidden className="size-4 text-destructive" />
              <span className="flex-1">{nearError}</span>
              <Button type="button" size="sm" variant="outline" onClick={() => go(clearNear(state))}>
                Search any distance
              </Button>
            </div>
          )}

          {invalid.length > 0 && (
            <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm">
              <TriangleAlert aria-hidden className="size-4 text-destructive" />
              <span className="flex-1">
                {invalid.map(([field, why]) => refusedMessage(field, why)).join(' ')}
              </span>
              <Button type="button" size="sm" variant="outline" onClick={() => go(withoutRefused(state, invalid.map(([f]) => f)))}>
                Show results without it
              </Button>
            </div>
          )}

          {result.isError && !nearError && invalid.length === 0 && (
            <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm">
              <TriangleAlert aria-hidden className="size-4 text-destructive" />
              <span className="flex-1">
                {data ? 'The latest results could not be loaded; showing the previous results.' : 'The results could not be loaded.'}
              </span>
              <Button type="button" size="sm" variant="outline" onClick={() => void result.refetch()}>
                Try again
              </Button>
            </div>
          )}

          {!data && result.isPending && <SkeletonGrid count={perPage} cardsPerRow={cardsPerRow} cards={cards} />}

          {data && data.hits.length > 0 && (
            <>
              <h2 id="results" tabIndex={-1} className="sr-only">
                Results
              </h2>
              <ResultGrid hits={data.hits} promos={data.promo_cards} cardsPerRow={cardsPerRow} cards={cards} busy={busy} />
              <Pagination page={data.page} pages={data.pages} hrefFor={(page) => hrefFor({ ...state, page })} />
            </>
          )}

          {data && data.hits.length === 0 && (fresh ? <EmptyState refreshPath={site.search.refresh_path} didYouMean={data.did_you_mean} /> : busy && <SkeletonGrid count={perPage} cardsPerRow={cardsPerRow} cards={cards} />)}
        </div>
      </div>
    </div>
  )
}

// WidePanel shows the filter lists beside the results once the browser has
// the page, on screens wide enough for them. It asks on its own, so the
// answer's change redraws this panel, not the whole results page.
function WidePanel({ children }: { children: ReactNode }) {
  const hydrated = useAfterTakeover()
  const wide = useMediaQuery('(min-width: 1024px)')
  return hydrated && wide ? children : null
}
