import { useDeferredValue, useId, useState } from 'react'
import { Hand } from 'lucide-react'
import type { Location } from '@/lib/api'
import { cn } from '@/lib/utils'
import { carouselOnLarge, gridColumns, groupTabs, kindLabels, swipeHintClass, unitsForTab } from '../lib/locations'
import { LocationCard, type LocationVariant } from './location-card'

// LocationList lays out addresses: one as a hero (map beside details),
// several as a carousel with a 'Swipe' hint on small screens and a grid with
// columns by count on large ones; more than 3 stay a carousel
// (docs/behaviour/screens.md#locations-page).
export function LocationList({
  units,
  variant = 'light',
  label,
  headingLevel = 'h3',
}: {
  units: Location[][]
  variant?: LocationVariant
  label: string
  // h2 where no group heading stands above the cards.
  headingLevel?: 'h2' | 'h3'
}) {
  const [only] = units
  if (units.length === 1 && only) return <LocationCard unit={only} hero variant={variant} headingLevel={headingLevel} />
  const n = units.length
  const carousel = carouselOnLarge(n)
  return (
    <div className="space-y-2">
      <p className={cn('flex items-center gap-1 text-sm text-muted-foreground', swipeHintClass(n), variant === 'dark' && 'text-inherit opacity-80')}>
        <Hand aria-hidden className="size-4" />
        Swipe
      </p>
      <ul
        aria-label={label}
        // A scrolling list must be reachable by keyboard.
        tabIndex={0}
        // contain-paint: without it a phone's browser counts the cards
        // scrolled out of the row as the page's own width and zooms the
        // whole page out once they are drawn.
        className={cn(
          '-mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-2 contain-paint focus-visible:outline-2 focus-visible:outline-ring',
          !carousel && cn('lg:mx-0 lg:grid lg:overflow-visible lg:px-0 lg:contain-none', gridColumns(n)),
        )}
      >
        {units.map((u) => (
          <li
            key={u.map((l) => l.id).join('-')}
            className={cn(
              'w-[85%] max-w-md shrink-0 snap-start sm:w-[60%]',
              carousel ? 'lg:w-[calc((100%-2rem)/3)] lg:max-w-none' : 'lg:w-auto lg:max-w-none',
            )}
          >
            <LocationCard unit={u} variant={variant} headingLevel={headingLevel} />
          </li>
        ))}
      </ul>
    </div>
  )
}

// LocationGroupBlock is one group (a dealership) with tabs by location type
// when its addresses differ (docs/behaviour/screens.md: up to 4 tabs).
export function LocationGroupBlock({
  name,
  locations,
  variant = 'light',
  showHeading = true,
}: {
  name: string
  locations: Location[]
  variant?: LocationVariant
  showHeading?: boolean
}) {
  const tabs = groupTabs(locations)
  // docs/behaviour/states.md#other: the tab index resets to 0 when the location
  // list changes; the key of the list is its location ids.
  const listKey = locations.map((l) => l.id).join(',')
  const [state, setState] = useState({ key: listKey, index: 0 })
  const index = state.key === listKey ? Math.min(state.index, Math.max(0, tabs.length - 1)) : 0
  // The tabs answer a press at once; the panel follows in a render React
  // may interrupt (a group's cards are many).
  const shownIndex = useDeferredValue(index)
  const tab = tabs[shownIndex] ?? tabs[index]
  const units = unitsForTab(locations, tab)
  const baseId = useId()
  const headingId = `${baseId}-heading`
  return (
    <section aria-labelledby={showHeading ? headingId : undefined} aria-label={showHeading ? undefined : name} className="space-y-4">
      {showHeading && (
        <h2 id={headingId} className="text-2xl font-semibold">
          {name}
        </h2>
      )}
      {tabs.length > 0 && (
        <div role="tablist" aria-label={`${name} location types`} className="flex flex-wrap gap-2">
          {tabs.map((k, i) => (
            <button
              key={k}
              type="button"
              role="tab"
              id={`${baseId}-tab-${k}`}
              aria-selected={i === index}
              aria-controls={`${baseId}-panel`}
              tabIndex={i === index ? 0 : -1}
              onClick={() => setState({ key: listKey, index: i })}
              onKeyDown={(e) => {
                if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return
                const next = (i + (e.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length
                setState({ key: listKey, index: next })
                document.getElementById(`${baseId}-tab-${tabs[next]}`)?.focus()
              }}
              className={cn(
                'rounded-full border px-4 py-1.5 text-sm font-medium',
                i === index ? 'border-primary bg-primary text-primary-foreground' : 'bg-background text-foreground hover:bg-muted',
              )}
            >
              {kindLabels[k]}
            </button>
          ))}
        </div>
      )}
      <div
        id={`${baseId}-panel`}
        role={tabs.length ? 'tabpanel' : undefined}
        aria-labelledby={tab ? `${baseId}-tab-${tab}` : undefined}
      >
        <LocationList units={units} variant={variant} label={tab ? `${name}: ${kindLabels[tab]}` : name} key={`${listKey}-${tab ?? ''}`} />
      </div>
    </section>
  )
}
