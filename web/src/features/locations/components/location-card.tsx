import { useId, useState } from 'react'
import { Link } from 'react-router'
import { CalendarDays, ExternalLink, MapPin, Navigation, Phone } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogBody, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog'
import { Select } from '@/components/ui/select'
import type { Location } from '@/lib/api'
import { formatPhone, phoneHref } from '@/lib/phone'
import { useSite } from '@/lib/site'
import { cn } from '@/lib/utils'
import { RatingBox } from '@/features/reviews'
import { useLocationHours } from '../api/get-locations'
import { directionsUrl, hoursRows, kindLabels, locationKind, specialHoursRows } from '../lib/locations'
import { imageWidthUrl, sizedSrcSet } from '@/lib/image'

export type LocationVariant = 'light' | 'dark'

function HoursTable({ location, dark }: { location: Location; dark: boolean }) {
  const { hours, failed } = useLocationHours(location.id)
  if (!hours) {
    return (
      <div className="text-sm" data-testid="opening-hours" aria-busy={!failed}>
        <p className="mb-1 font-semibold">Opening Hours</p>
        <p className={dark ? 'opacity-90' : 'text-muted-foreground'}>
          {failed ? 'Opening hours could not be loaded. Please call us.' : 'Loading opening hours…'}
        </p>
      </div>
    )
  }
  const rows = hoursRows(hours.opening_hours)
  return (
    <table className="w-full text-sm" data-testid="opening-hours">
      <caption className="mb-1 text-left font-semibold">Opening Hours</caption>
      <tbody>
        {rows.map((r) => (
          <tr key={r.day} className={cn('border-t', dark && 'border-white/20')}>
            <th scope="row" className="py-1 pr-3 text-left font-normal">
              {r.day}
            </th>
            <td className="py-1 text-right">
              {r.state === 'enquire' ? (
                <Link to={`/contact-us/${location.slug}`} className="underline underline-offset-2">
                  Enquire Now
                </Link>
              ) : (
                r.text
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function HolidayHours({ location }: { location: Location }) {
  const site = useSite()
  const rows = specialHoursRows(useLocationHours(location.id).hours?.special_hours, site.timezone, location.id)
  if (!rows.length) return null
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="w-fit">
          <CalendarDays aria-hidden />
          Holiday Hours
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Holiday Hours</DialogTitle>
          <DialogDescription>{location.name}</DialogDescription>
        </DialogHeader>
        <DialogBody>
          <table className="w-full text-sm">
            <caption className="sr-only">Special dates at {location.name}</caption>
            <tbody>
              {rows.map((r) => (
                <tr key={r.date} className="border-t first:border-t-0">
                  <th scope="row" className="py-2 pr-3 text-left font-normal">
                    <span className="block font-medium">{r.name || r.date}</span>
                    {r.name && <span className="text-muted-foreground">{r.date}</span>}
                  </th>
                  <td className="py-2 text-right">{r.text}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </DialogBody>
      </DialogContent>
    </Dialog>
  )
}

interface Props {
  // departments at one address, the one shown first leading
  unit: Location[]
  hero?: boolean
  variant?: LocationVariant
  headingLevel?: 'h2' | 'h3'
  className?: string
}

// The picture of a location card (not the single-location hero) is 150 px high.
export const locationCardImageHeight = 150

// LocationCard is one address: map picture, name and address, the
// department dropdown, opening hours, holiday hours, phone, website, licence,
// Contact Us, Get Directions and the rating box (docs/behaviour/screens.md). As a
// hero the map sits beside the details on large screens.
export function LocationCard({ unit, hero = false, variant = 'light', headingLevel = 'h3', className }: Props) {
  const site = useSite()
  const [selectedId, setSelectedId] = useState(unit[0]?.id ?? 0)
  const selectId = useId()
  const location = unit.find((l) => l.id === selectedId) ?? unit[0]
  if (!location) return null
  const dark = variant === 'dark'
  const dealership = site.dealerships.find((d) => d.id === location.dealership_id)
  const website = dealership?.dealership_websites?.find((w) => w.url)?.url
  const phone = location.contact_detail.phone || location.phone
  const Heading = headingLevel
  const address = location.address
  const mapAlt = `Map of ${address.street}, ${address.city}`
  const map = `/img/map/${unit[0]?.id ?? location.id}.jpg`
  return (
    <article
      className={cn(
        'h-full overflow-hidden rounded-lg border',
        dark ? 'border-white/15 bg-footer text-footer-foreground' : 'bg-card text-card-foreground',
        hero ? 'grid lg:grid-cols-2' : 'flex flex-col',
        className,
      )}
      aria-label={location.name}
      data-testid="location-card"
      data-layout={hero ? 'hero' : 'card'}
      data-location-id={location.id}
    >
      <img
        src={imageWidthUrl(map, hero ? 800 : 600)}
        srcSet={sizedSrcSet(map, [400, 600, 800, 1200])}
        sizes={hero ? '(min-width: 1024px) 50vw, 100vw' : '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw'}
        alt={mapAlt}
        width={hero ? 800 : 600}
        height={hero ? 533 : locationCardImageHeight}
        loading="lazy"
        decoding="async"
        // A card's picture is a fixed 150 px band whatever the card's width.
        className={cn('w-full bg-muted object-cover', hero ? 'aspect-[3/2] h-full lg:aspect-auto' : 'h-[150px]')}
      />
      <div className="flex flex-col gap-4 p-5">
        <div className="space-y-1">
          <Heading className="text-xl font-semibold">{location.name}</Heading>
          <address className={cn('flex gap-1.5 text-sm not-italic', dark ? 'opacity-90' : 'text-muted-foreground')}>
            <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>
              {address.street}, {address.city} {address.state} {address.postcode}
            </span>
          </address>
        </div>
        {unit.length > 1 && (
          <div className="space-y-1">
            <label htmlFor={selectId} className="text-sm font-medium">
              Department
            </label>
            <Select
              id={selectId}
              value={String(location.id)}
              onChange={(e) => setSelectedId(Number(e.target.value))}
              className={cn(dark && 'bg-background text-foreground')}
            >
              {unit.map((l) => (
                <option key={l.id} value={l.id}>
                  {kindLabels[locationKind(l)]}
                </option>
              ))}
            </Select>
          </div>
        )}
        <RatingBox average={location.reviews.average_rating} count={location.reviews.count} className="w-fit" />
        <HoursTable location={location} dark={dark} />
        <HolidayHours location={location} />
        <ul className="space-y-1 text-sm">
          {phone && (
            <li>
              <a href={phoneHref(phone)} className="inline-flex items-center gap-1.5 font-semibold underline-offset-2 hover:underline">
                <Phone aria-hidden className="size-4" />
                <span className="sr-only">Call {location.name} on </span>
                {formatPhone(phone)}
              </a>
            </li>
          )}
          {website && (
            <li>
              <a href={website} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1.5 underline underline-offset-2">
                Visit Website
                <ExternalLink aria-hidden className="size-3.5" />
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          )}
          {location.dealer_license_number && <li>Licence No. {location.dealer_license_number}</li>}
          {location.motor_vehicle_repairer && <li>Repairer Licence No. {location.motor_vehicle_repairer}</li>}
        </ul>
        <div className="mt-auto flex flex-wrap gap-2">
          <Button asChild variant={dark ? 'outline' : 'default'}>
            <Link to={`/contact-us/${location.slug}`}>
              Contact Us<span className="sr-only"> at {location.name}</span>
            </Link>
          </Button>
          <Button asChild variant="outline" className={cn(dark && 'bg-transparent text-inherit')}>
            <a href={directionsUrl(location)} target="_blank" rel="noopener noreferrer">
              <Navigation aria-hidden />
              Get Directions<span className="sr-only"> to {location.name} (opens in a new tab)</span>
            </a>
          </Button>
        </div>
      </div>
    </article>
  )
}
