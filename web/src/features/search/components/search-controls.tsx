import { useKeepTyped } from '@/lib/keep-typed'
import { Search, X } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { cn } from '@/lib/utils'
import { useSite } from '@/lib/site'
import { towedStock } from '@/lib/viewing'
import type { SearchResponse, SearchState } from '../api/get-search'
import { facetLabel } from '../lib/facets'
import { useSuggestBox } from '@/components/suggest-box'
import { clearNear, clearRange, emptyState, nearestFirst, toggleRefinement } from '../lib/search-url'

// Sort values of the API (sortBy). Without sortBy a listing is in the
// site's default sort (search.default_sort); 'rank' is the dealer's own order.
export const sortOptions: readonly { value: string; label: string }[] = [
  { value: 'rank', label: 'Recommended' },
  { value: 'price_asc', label: 'Price low to high' },
  { value: 'price_desc', label: 'Price high to low' },
  { value: 'year_desc', label: 'Year newest' },
  { value: 'year_asc', label: 'Year oldest' },
  { value: 'km_asc', label: 'Kilometres lowest' },
  { value: 'km_desc', label: 'Kilometres highest' },
  { value: 'newest', label: 'Newest listings' },
]

// With a postcode the cars can be listed nearest first.
const nearestOption = { value: nearestFirst, label: 'Nearest first' }

// SortSelect shows the order the listing is in: the chosen one, else the
// site's default. Choosing the default leaves sortBy out of the URL.
export function SortSelect({ state, onChange, siteDefault }: { state: SearchState; onChange: (next: SearchState) => void; siteDefault?: string }) {
  const id = useId()
  // Towed stock (a caravan yard's) has no odometer: no kilometre sorts.
  const site = useSite()
  const sorts = towedStock(site) ? sortOptions.filter((o) => !o.value.startsWith('km_')) : sortOptions
  const options = state.postcode ? [...sorts, nearestOption] : sorts
  const knownSort = (v: string | undefined) => !!v && options.some((o) => o.value === v)
  const fallback = knownSort(siteDefault) ? siteDefault! : 'rank'
  return (
    // Beside the filter button on a phone the select narrows to the room
    // left (its chosen option clipped inside it) rather than pass the edge.
    <div className="flex min-w-0 items-center gap-2">
      <label htmlFor={id} className="whitespace-nowrap text-sm font-medium">
        Sort by
      </label>
      <select
        id={id}
        value={knownSort(state.sort) ? state.sort : fallback}
        onChange={(e) => onChange({ ...state, sort: e.target.value === fallback ? '' : e.target.value, page: 1 })}
        className="h-10 min-w-0 max-w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  )
}

// How long typing pauses before the search runs.
export const searchDebounceMs = 400

export function SearchBox({ state, onChange }: { state: SearchState; onChange: (next: SearchState) => void }) {
  const [text, setText] = useState(state.text)
  // Words typed before the page was hydrated are kept.
  const keepTyped = useKeepTyped<HTMLInputElement>(undefined, true)
  // Back and forward change the text in the URL; typing must not be undone
  // by its own search (the URL holds the trimmed text).
  useEffect(() => {
    setText((t) => (t.trim() === state.text ? t : state.text))
  }, [state.text])
  useEffect(() => {
    const want = text.trim()
    if (want === state.text) return
    const t = setTimeout(() => onChange({ ...state, text: want, page: 1 }), searchDebounceMs)
    return () => clearTimeout(t)
  }, [text, state, onChange])
  // A chosen suggestion opens its own listing: the words typed to find it
  // are not searched there.
  const suggest = useSuggestBox<HTMLFormElement>({ text, onClear: () => setText(''), onPick: () => setText('') })
  return (
    <form
      ref={suggest.boxRef}
      role="search"
      className="relative flex-1"
      onSubmit={(e) => {
        e.preventDefault()
        const want = text.trim()
        if (want !== state.text) onChange({ ...state, text: want, page: 1 })
      }}
    >
      <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
      <input
        ref={keepTyped}
        type="search"
        aria-label="Search stock"
        placeholder="Search make, model, keyword…"
        value={text}
        onChange={(e) => setText(e.target.value)}
        {...suggest.inputProps}
        className="h-10 w-full rounded-md border border-input bg-background pl-9 pr-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      />
      {suggest.list}
    </form>
  )
}

const dollars = (n: number) => `$${n.toLocaleString('en-AU')}`
const rangeFormat: Record<string, (n: number) => string> = {
  price: dollars,
  weekly_price: dollars,
  subscription_price: dollars,
  km: (n) => `${n.toLocaleString('en-AU')} km`,
  year: String,
}
const rangeNames: Record<string, string> = { price: 'Price', km: 'Kilometres', year: 'Year', weekly_price: 'Weekly price', subscription_price: 'Subscription' }

function rangeLabel(facet: string, r: { min?: number; max?: number }): string {
  const f = rangeFormat[facet] ?? String
  const name = rangeNames[facet] ?? facet
  if (r.min !== undefined && r.max !== undefined) return `${name}: ${f(r.min)} – ${f(r.max)}`
  if (r.min !== undefined) return `${name}: from ${f(r.min)}`
  return `${name}: up to ${f(r.max ?? 0)}`
}

type ChipsProps = {
  state: SearchState
  facets: SearchResponse['facets'] | undefined
  onChange: (next: SearchState) => void
}

// ActiveFilters shows each chosen filter as a chip that removes it.
export function ActiveFilters({ state, facets, onChange }: ChipsProps) {
  const chips: { key: string; label: string; next: SearchState }[] = []
  if (state.text) chips.push({ key: 'text', label: `“${state.text}”`, next: { ...state, text: '', page: 1 } })
  for (const [facet, values] of Object.entries(state.refinements)) {
    for (const v of values) {
      chips.push({ key: `${facet}:${v}`, label: facetLabel(facet, v, facets), next: toggleRefinement(state, facet, v) })
    }
  }
  for (const [facet, r] of Object.entries(state.ranges)) {
    if (r && (r.min !== undefined || r.max !== undefined)) chips.push({ key: `range:${facet}`, label: rangeLabel(facet, r), next: clearRange(state, facet) })
  }
  if (state.postcode) {
    const label = state.distance ? `Within ${state.distance} km of ${state.postcode}` : `Near ${state.postcode}`
    chips.push({ key: 'near', label, next: clearNear(state) })
  }
  if (chips.length === 0) return null
  return (
    <div className="flex flex-wrap items-center gap-2" aria-label="Active filters" role="group">
      {chips.map((c) => (
        <button
          key={c.key}
          type="button"
          onClick={() => onChange(c.next)}
          className={cn(
            'inline-flex items-center gap-1 rounded-full border bg-muted px-3 py-1 text-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
          )}
        >
          {/* The label is written once, not again in an aria-label
              (docs/behaviour/http.md#query-once). */}
          <span className="sr-only">Remove filter:</span> {c.label}
          <X aria-hidden className="size-3.5" />
        </button>
      ))}
      <button
        type="button"
        onClick={() => onChange(emptyState(state))}
        className="text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        Clear Filters
      </button>
    </div>
  )
}
