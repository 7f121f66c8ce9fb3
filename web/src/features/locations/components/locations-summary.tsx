import { Link } from 'react-router'
import { ArrowRight } from 'lucide-react'
import { useSite } from '@/lib/site'
import { addressUnits, targetLocations, type LocationTarget } from '../lib/locations'
import { LocationList } from './location-group'

// LocationsSummary is the home page's locations block, in the dark variant:
// the targeted locations (sales by default) and a link to all of them.
export function LocationsSummary({ target = 'sales' }: { target?: LocationTarget }) {
  const site = useSite()
  const units = addressUnits(targetLocations(site.locations, target))
  if (units.length === 0) return null
  return (
    <section aria-labelledby="home-locations" className="surface-footer space-y-4 rounded-lg bg-footer p-4 text-footer-foreground sm:p-6">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id="home-locations" className="text-2xl font-semibold">
          Visit us
        </h2>
        <Link to="/dealer-locator" className="inline-flex items-center gap-1 text-sm font-medium underline underline-offset-2">
          All locations
          <ArrowRight aria-hidden className="size-4" />
        </Link>
      </div>
      <LocationList units={units} variant="dark" label="Our locations" />
    </section>
  )
}
