import { useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { Search } from 'lucide-react'
import { Input } from '@/components/ui/input'
import type { Location } from '@/lib/api'
import { useSite } from '@/lib/site'
import { ReviewsSection } from '@/features/reviews'
import { filterLocations, locationGroups } from '../lib/locations'
import { LocationGroupBlock, LocationList } from './location-group'

// The search box's text lives in the URL (docs/behaviour/screens.md: "The locations
// page stores its search box text in locationQuery").
export const locationQueryParam = 'locationQuery'

function LocationSearch() {
  const [params, setParams] = useSearchParams()
  const value = params.get(locationQueryParam) ?? ''
  return (
    <div role="search" className="relative max-w-md">
      <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        type="search"
        aria-label="Search locations"
        placeholder="Search locations..."
        className="pl-9"
        value={value}
        onChange={(e) => {
          const next = new URLSearchParams(params)
          if (e.target.value) next.set(locationQueryParam, e.target.value)
          else next.delete(locationQueryParam)
          setParams(next, { replace: true, preventScrollReset: true })
        }}
      />
    </div>
  )
}

interface Props {
  title: string
  intro?: string
  locations: Location[]
  // single: one address's page (/our-location/{slug}) without the search box
  single?: boolean
}

// LocationsPage is /dealer-locator, /locations/{dealership} and
// /our-location/{slug}: the search box, one block per dealership, then the
// reviews the rating boxes link to.
export function LocationsPage({ title, intro, locations, single = false }: Props) {
  const site = useSite()
  const [params] = useSearchParams()
  const query = single ? '' : (params.get(locationQueryParam) ?? '')
  const shown = useMemo(() => filterLocations(locations, query), [locations, query])
  const groups = useMemo(() => locationGroups(shown, site.dealerships), [shown, site.dealerships])
  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-8">
      <header className="space-y-3">
        <h1 className="text-3xl font-bold">{title}</h1>
        {intro && <p className="text-muted-foreground">{intro}</p>}
        {!single && <LocationSearch />}
      </header>
      <p aria-live="polite" className="sr-only">
        {shown.length === 1 ? '1 location' : `${shown.length} locations`}
      </p>
      {single ? (
        // The named location leads; its address's other departments follow.
        locations.length > 0 && <LocationList units={[locations]} label={title} headingLevel="h2" />
      ) : groups.length === 0 ? (
        <p className="rounded-lg border bg-muted p-6">No locations match your search. Try a suburb, postcode or street.</p>
      ) : (
        groups.map((g) => (
          <LocationGroupBlock key={g.key} name={g.name} locations={g.locations} />
        ))
      )}
      <ReviewsSection rating={single ? locations[0]?.reviews : undefined} />
    </div>
  )
}
