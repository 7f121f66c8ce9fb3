import { useLocation, useParams } from 'react-router'
import { addressUnits, LocationsPage } from '@/features/locations'
import { useDocumentTitle } from '@/lib/document-title'
import { useSite } from '@/lib/site'
import { NotFound } from './not-found'
import { viewLoader } from '../view-loader'
import { loadLocationCards } from './view-data'

// /dealer-locator shows every location, /locations/{dealership slug} one
// dealership's, /our-location/{slug} one location with the departments at
// its address. An unknown slug is the site's not-found page (the server
// answers 404 too).
export function Component() {
  const site = useSite()
  const { slug } = useParams()
  const { pathname } = useLocation()
  let title = 'Dealer Locator'
  let locations = site.locations.filter((l) => l.visible)
  let single = false
  let missing = false
  if (slug && pathname.startsWith('/locations/')) {
    const d = site.dealerships.find((x) => x.slug === slug)
    missing = !d
    title = d ? `${d.name} Locations` : title
    locations = locations.filter((l) => l.dealership_id === d?.id)
  } else if (slug) {
    const loc = locations.find((l) => l.slug === slug)
    missing = !loc
    title = loc?.name ?? title
    const unit = loc ? addressUnits(locations).find((u) => u.some((l) => l.id === loc.id)) : undefined
    locations = loc && unit ? [loc, ...unit.filter((l) => l.id !== loc.id)] : []
    single = true
  }
  useDocumentTitle(`${missing ? 'Page not found' : title} | ${site.name}`)
  if (missing) return <NotFound />
  return (
    <LocationsPage
      title={title}
      intro={single ? undefined : 'Find us: opening hours, holiday hours, phone numbers and directions for every location.'}
      locations={locations}
      single={single}
    />
  )
}

export const loader = viewLoader(loadLocationCards)
