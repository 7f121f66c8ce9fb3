import { Accordion, Checkbox } from 'radix-ui'
import { Check, ChevronDown } from 'lucide-react'
import { useId, useLayoutEffect, useRef, type FocusEvent, type ReactNode } from 'react'
import { cn } from '@/lib/utils'
import type { FacetValue, SearchResponse, SearchState } from '../api/get-search'
import { facetGroups, imageSlug, orderCarTypes, splitMakes } from '../lib/facets'
import { towedStock } from '@/lib/viewing'
import { clearRefinement, isChosen, toggleRefinement } from '../lib/search-url'
import { useSite } from '@/lib/site'
import { NearPostcode } from './near-postcode'
import { PriceSlider } from './price-slider'

type Props = {
  facets: SearchResponse['facets'] | undefined
  state: SearchState
  onChange: (next: SearchState) => void
  // The server's word on a distance search it refused.
  nearError?: string
}

const openByDefault = ['distance', 'car_type', 'make', 'model', 'body', 'price_range']

// Distance search needs the country's postcode table: Australia and New
// Zealand have one (docs/behaviour/http.md#distance).
const postcodeCountries = ['AU', 'NZ']
export const hasPostcodes = (country: string | undefined) => postcodeCountries.includes((country ?? '').toUpperCase())

const triggerClasses =
  'group flex w-full items-center justify-between px-4 py-3 text-left text-sm font-semibold hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring'

function Trigger({ children }: { children: ReactNode }) {
  return (
    <Accordion.Header>
      <Accordion.Trigger className={triggerClasses}>
        {children}
        <ChevronDown aria-hidden className="size-4 transition-transform group-data-[state=open]:rotate-180 motion-reduce:transition-none" />
      </Accordion.Trigger>
    </Accordion.Header>
  )
}

// FacetPanel lists every facet the answer has, each option with its count;
// choosing one toggles it (OR within a facet), the all-option clears it.
export function FacetPanel({ facets, state, onChange, nearError }: Props) {
  const site = useSite()
  // Towed stock (caravans) has no odometer to filter by, and its new or
  // used choice is no "car type".
  const towed = towedStock(site)
  const groups = facetGroups.flatMap((g) => (towed && g.field === 'km' ? [] : [towed && g.field === 'car_type' ? { ...g, title: 'New or used' } : g])).filter((g) => {
    if (g.field === 'model') return (state.refinements.make ?? []).length > 0 && (facets?.model?.length ?? 0) > 0
    if (g.field === 'price_range') return true
    return (facets?.[g.field]?.length ?? 0) > 0 || (state.refinements[g.field] ?? []).length > 0
  })
  const fields = [...(hasPostcodes(site.country) ? ['distance'] : []), ...groups.map((g) => g.field)]
  const keep = useFocusAcrossGroups(fields)
  return (
    <Accordion.Root ref={keep.root} type="multiple" defaultValue={openByDefault} className="divide-y rounded-lg border" onFocus={keep.onFocus} onBlur={keep.onBlur}>
      {hasPostcodes(site.country) && (
        <Accordion.Item value="distance" data-field="distance">
          <Trigger>Distance</Trigger>
          <Accordion.Content className="px-4 pb-4">
            <NearPostcode state={state} onChange={onChange} error={nearError} />
          </Accordion.Content>
        </Accordion.Item>
      )}
      {groups.map((g) => (
        <Accordion.Item key={g.field} value={g.field} data-field={g.field}>
          <Trigger>{g.title}</Trigger>
          <Accordion.Content className="px-4 pb-4">
            {g.field === 'price_range' && <PriceSlider state={state} onChange={onChange} />}
            <FacetGroup field={g.field} title={g.title} image={g.image} values={facets?.[g.field] ?? []} state={state} onChange={onChange} />
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  )
}

// useFocusAcrossGroups keeps a keyboard buyer in the filters when a new
// answer drops the group they are in (its last value gone): focus moves to
// the heading of the nearest group before it still shown, else the first
// (docs/behaviour/screens.md#focus-kept). The group in focus is remembered
// until focus leaves the panel for another element or the page; a group
// removed under focus tells nothing by a blur, as its element is gone.
function useFocusAcrossGroups(fields: readonly string[]) {
  const root = useRef<HTMLDivElement>(null)
  const held = useRef<string | null>(null)
  const before = useRef<readonly string[]>(fields)
  useLayoutEffect(() => {
    const field = held.current
    const was = before.current
    before.current = fields
    if (!field || fields.includes(field) || !root.current) return
    const at = document.activeElement
    if (at && at !== document.body && at.isConnected) return
    const earlier = was.slice(0, Math.max(was.indexOf(field), 0)).reverse()
    const next = earlier.find((f) => fields.includes(f)) ?? fields[0]
    const heading = next ? root.current.querySelector<HTMLElement>(`[data-field="${next}"] h3 button`) : null
    held.current = next ?? null
    heading?.focus()
  })
  return {
    root,
    onFocus: (e: FocusEvent<HTMLElement>) => {
      held.current = (e.target.closest('[data-field]') as HTMLElement | null)?.dataset.field ?? null
    },
    onBlur: (e: FocusEvent<HTMLElement>) => {
      if (e.relatedTarget && root.current?.contains(e.relatedTarget as Node)) return
      const left = e.target
      // Still on the page: focus went elsewhere by the buyer's hand.
      queueMicrotask(() => {
        if (left.isConnected) held.current = null
      })
    },
  }
}

type GroupProps = {
  field: string
  title: string
  image?: 'make' | 'body'
  values: FacetValue[]
  state: SearchState
  onChange: (next: SearchState) => void
}

function FacetGroup({ field, title, image, values, state, onChange }: GroupProps) {
  const none = (state.refinements[field] ?? []).length === 0
  const all = (
    <FacetOption
      label={`Any ${title.toLowerCase()}`}
      checked={none}
      onToggle={() => onChange(clearRefinement(state, field))}
    />
  )
  const option = (v: FacetValue) => (
    <FacetOption
      key={v.value}
      label={v.label}
      count={v.count}
      image={image ? `/img/${image}/${imageSlug(v.label)}.png` : undefined}
      checked={isChosen(state, field, v.value)}
      onToggle={() => onChange(toggleRefinement(state, field, v.value))}
    />
  )
  if (field === 'make') {
    const { popular, all: alphabetical } = splitMakes(values)
    return (
      <div className="space-y-3" role="group" aria-label={title}>
        <ul className="space-y-1">{all}</ul>
        <OptionList heading="Popular Makes">{popular.map(option)}</OptionList>
        {/* docs/behaviour/constants.md: Popular Makes, then All Makes (every make, A to Z). */}
        <OptionList heading="All Makes">{alphabetical.map(option)}</OptionList>
      </div>
    )
  }
  const ordered = field === 'car_type' ? orderCarTypes(values) : values
  return (
    // docs/behaviour/accessibility.md#lists: the group is a wrapper, the list keeps its list role.
    <div role="group" aria-label={title}>
      <ul className="space-y-1">
        {all}
        {ordered.map(option)}
      </ul>
    </div>
  )
}

function OptionList({ heading, children }: { heading: string; children: ReactNode }) {
  const id = useId()
  return (
    <div>
      <h4 id={id} className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
        {heading}
      </h4>
      <ul aria-labelledby={id} className="max-h-72 space-y-1 overflow-y-auto">
        {children}
      </ul>
    </div>
  )
}

type OptionProps = {
  label: string
  count?: number
  image?: string
  checked: boolean
  onToggle: () => void
}

function FacetOption({ label, count, image, checked, onToggle }: OptionProps) {
  const id = useId()
  return (
    <li className="flex items-center gap-2 rounded px-1 py-0.5 hover:bg-muted">
      <Checkbox.Root
        id={id}
        checked={checked}
        onCheckedChange={onToggle}
        className="flex size-4 shrink-0 items-center justify-center rounded border border-input data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <Checkbox.Indicator>
          <Check aria-hidden className="size-3" />
        </Checkbox.Indicator>
      </Checkbox.Root>
      <label htmlFor={id} className="flex min-w-0 flex-1 cursor-pointer items-center gap-2 text-sm">
        {image && (
          <img
            src={image}
            alt=""
            width={24}
            height={24}
            loading="lazy"
            decoding="async"
            className="size-6 shrink-0 object-contain"
            // A make without a logo shows its name alone.
            onError={(e) => {
              e.currentTarget.style.visibility = 'hidden'
            }}
          />
        )}
        <span className={cn('truncate', checked && 'font-semibold')}>{label}</span>
        {count !== undefined && (
          <>
            {' '}
            <span className="ml-auto text-xs tabular-nums text-muted-foreground">({count.toLocaleString('en-AU')})</span>
          </>
        )}
      </label>
    </li>
  )
}
