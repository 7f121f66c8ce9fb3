import { BadgeCheck, Eye, MapPin, ShieldCheck, TrendingUp, Wallet, Wrench } from 'lucide-react'
import { useId, useMemo, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import type { CarDetail, Site } from '@/lib/api'
import { cn } from '@/lib/utils'
import { formatNumber } from '../lib/format'
import { useCountUp, useNow } from '../lib/hooks'
import {
  capitalise,
  caravanSpecs,
  carLocation,
  detailsCard,
  htmlTextLength,
  identitySpecs,
  limits,
  listingSlug,
  salesThisMonth,
  specList,
  technicalSpecs,
  truncateHtml,
  truncateText,
  vehicleType,
  warrantyLine,
  type Spec,
} from '../lib/rules'

export function Section({ title, id, children, className }: { title: string; id?: string; children: ReactNode; className?: string }) {
  const h = useId()
  return (
    <section id={id} aria-labelledby={h} className={cn('scroll-mt-24 rounded-lg border bg-background p-5', className)}>
      <h2 id={h} className="mb-4 text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  )
}

function SpecGrid({ specs }: { specs: Spec[] }) {
  return (
    <dl className="grid gap-x-6 sm:grid-cols-2">
      {specs.map((s) => (
        <div key={s.label} className="flex justify-between gap-4 border-b py-2 text-sm">
          <dt className="text-muted-foreground">{s.label}</dt>
          <dd className="text-right font-medium">{s.value}</dd>
        </div>
      ))}
    </dl>
  )
}

// A list showing its first n items with a toggle (docs/behaviour/constants.md, Lists).
function Expandable({ specs, n, more, less, id }: { specs: Spec[]; n: number; more: string; less: string; id: string }) {
  const [open, setOpen] = useState(false)
  const shown = open ? specs : specs.slice(0, n)
  return (
    <>
      <div id={id}>
        <SpecGrid specs={shown} />
      </div>
      {specs.length > n && (
        <Button variant="link" className="mt-2 px-0" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
          {open ? less : more}
        </Button>
      )}
    </>
  )
}

export function KeyInformation({ car }: { car: CarDetail }) {
  const specs = specList(car)
  const id = useId()
  if (specs.length === 0) return null
  return (
    <Section title="Key Information">
      <Expandable specs={specs} n={limits.keySpecs} more="Show More" less="Show Less" id={id} />
    </Section>
  )
}

export function DetailsCard({ car }: { car: CarDetail }) {
  return (
    <Section title={`${capitalise(vehicleType(car))} Details`}>
      <SpecGrid specs={detailsCard(car)} />
    </Section>
  )
}

// CarIdentity: the VIN, rego and rego expiry where the feed gives them and
// the site shows them (docs/behaviour/screens.md#car-identity).
export function CarIdentity({ car, site }: { car: CarDetail; site: Site }) {
  const specs = identitySpecs(car, site)
  if (specs.length === 0) return null
  return (
    <Section title="Identity and Registration">
      <SpecGrid specs={specs} />
    </Section>
  )
}

export function FullSpecifications({ car }: { car: CarDetail }) {
  const specs = technicalSpecs(car)
  const id = useId()
  if (specs.length === 0) return null
  return (
    <Section title="Full Specifications">
      <Expandable specs={specs} n={limits.fullSpecs} more="Show Specifications" less="Hide Specifications" id={id} />
    </Section>
  )
}

export function FeatureList({ car }: { car: CarDetail }) {
  const features = car.standardEquipment ?? []
  const [open, setOpen] = useState(false)
  const id = useId()
  if (features.length === 0) return null
  const shown = open ? features : features.slice(0, limits.features)
  return (
    <Section title="Features">
      <ul id={id} className="grid gap-2 sm:grid-cols-2">
        {shown.map((f) => (
          <li key={f} className="flex items-start gap-2 text-sm">
            <BadgeCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
            {f}
          </li>
        ))}
      </ul>
      {features.length > limits.features && (
        <Button variant="link" className="mt-2 px-0" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
          {open ? 'Hide' : 'Show All'}
        </Button>
      )}
    </Section>
  )
}

// Dealer comments arrive sanitised by the server (bluemonday); they are
// shown as the dealer formatted them (docs/behaviour/states.md#dealer-comments).
export function DealerComments({ car }: { car: CarDetail }) {
  const html = car.dealercomments?.trim() ?? ''
  const [open, setOpen] = useState(false)
  const id = useId()
  const cut = useMemo(() => truncateHtml(html, limits.dealerComments), [html])
  if (!html || htmlTextLength(html) === 0) {
    return (
      <Section title="Dealer Comments">
        <p className="text-sm text-muted-foreground">Dealer comments are pending. Please check back here later.</p>
      </Section>
    )
  }
  return (
    <Section title="Dealer Comments">
      <div
        id={id}
        className="prose-sm space-y-2 text-sm leading-relaxed [&_a]:text-primary [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5"
        dangerouslySetInnerHTML={{ __html: open || !cut.truncated ? html : cut.html }}
      />
      {cut.truncated && (
        <Button variant="link" className="mt-2 px-0" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
          {open ? 'Show Less' : 'Show More'}
        </Button>
      )}
    </Section>
  )
}

export function CaravanSpecifications({ car }: { car: CarDetail }) {
  const specs = caravanSpecs(car)
  if (specs.length === 0) return null
  return (
    <Section title="Caravan Specifications">
      <SpecGrid specs={specs} />
    </Section>
  )
}

// VehicleDisclaimer closes the car page: the site's terms (prices, prior
// sale) for every car, sold or not, and the finance disclaimer where the
// car is for sale and no finance estimate above already carries it.
export function VehicleDisclaimer({ car, site, finance }: { car: CarDetail; site: Site; finance: boolean }) {
  const id = useId()
  const terms = (site.wording.terms ?? '').trim()
  if (!terms && !finance) return null
  return (
    <section aria-labelledby={id} data-testid="vehicle-disclaimer" className="space-y-2 border-t pt-4 text-xs text-muted-foreground">
      <h2 id={id} className="text-sm font-semibold text-foreground">
        Disclaimer
      </h2>
      {terms && <p>{terms}</p>}
      {finance && <FinanceDisclaimer car={car} site={site} />}
    </section>
  )
}

// The finance disclaimer behind 'Click for Finance Disclaimer', truncated at
// 197 characters with Show More / Show Less (docs/behaviour/states.md and docs/behaviour/constants.md).
export function FinanceDisclaimer({ car, site }: { car: CarDetail; site: Site }) {
  const lenderText = Object.values(car.finance_lenders ?? {}).find((l) => l?.disclaimer)?.disclaimer
  const text = (lenderText || site.finance.disclaimer || '').trim()
  const [shown, setShown] = useState(false)
  const [full, setFull] = useState(false)
  const id = useId()
  if (!text) return null
  const cut = truncateText(text, limits.financeDisclaimer)
  return (
    <section aria-label="Finance disclaimer" className="rounded-lg border bg-muted/40 p-4 text-sm">
      <Button variant="link" className="px-0" aria-expanded={shown} aria-controls={id} onClick={() => setShown(!shown)}>
        Click for Finance Disclaimer
      </Button>
      {shown && (
        <div id={id}>
          <p className="text-muted-foreground">{full ? text : cut.text}</p>
          {cut.truncated && (
            <Button variant="link" className="px-0" aria-expanded={full} onClick={() => setFull(!full)}>
              {full ? 'Show Less' : 'Show More'}
            </Button>
          )}
        </div>
      )}
    </section>
  )
}

// 'Sales this Month': recalculated every 150 s, counting up over 2 s
// (docs/behaviour/states.md and docs/behaviour/constants.md).
export function SalesCounter() {
  const now = useNow(limits.salesCounterEveryMs)
  const shown = useCountUp(salesThisMonth(now), limits.salesCounterCountUpMs)
  return (
    <div className="flex items-center gap-3 rounded-lg border bg-background p-4" data-testid="sales-counter">
      <TrendingUp aria-hidden className="size-8 text-primary" />
      <div>
        <p className="text-2xl font-bold tabular-nums">{formatNumber(shown)}</p>
        <p className="text-sm text-muted-foreground">Sales this Month</p>
      </div>
    </div>
  )
}

export function ViewsCount({ views, car }: { views: number; car: CarDetail }) {
  const shown = useCountUp(views, limits.viewsCountUpMs)
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="views-count">
      <Eye aria-hidden className="size-4" />
      <span>
        <span className="font-semibold tabular-nums text-foreground">{formatNumber(shown)}</span> views of this {vehicleType(car)}
      </span>
    </p>
  )
}

const whyIcons = [ShieldCheck, BadgeCheck, Wallet]

// protectionPoint is the first 'Why {dealer}?' point when the site
// configures it: the protection years of this car's make (docs/behaviour/states.md,
// Other blocks: 3 years, or 5 for some brands).
export function protectionPoint(site: Site, car: Pick<CarDetail, 'make'>): string | null {
  const p = site.vehicle_page.mechanical_protection
  if (!p) return null
  const make = car.make.trim().toLowerCase()
  const brand = p.brand_years > 0 && (p.brands ?? []).some((b) => b.trim().toLowerCase() === make)
  const years = brand ? p.brand_years : p.years
  return `Mechanical protection of ${years} year${years === 1 ? '' : 's'}`
}

export function WhyUs({ car, site }: { car: CarDetail; site: Site }) {
  const first = protectionPoint(site, car)
  const points = [...(first ? [first] : []), ...(site.wording.why_us ?? [])].slice(0, 3)
  if (points.length === 0) return null
  return (
    <Section title={`Why ${site.name}?`}>
      <ul className="grid gap-3 sm:grid-cols-3">
        {points.map((p, i) => {
          const Icon = whyIcons[i % whyIcons.length]!
          return (
            <li key={p} className="flex items-center gap-2 text-sm font-medium">
              <Icon aria-hidden className="size-5 shrink-0 text-primary" />
              {p}
            </li>
          )
        })}
      </ul>
    </Section>
  )
}

export function WhyBuy({ car, site }: { car: CarDetail; site: Site }) {
  const points = [...(site.vehicle_page.why_buy ?? []), warrantyLine(site, car)]
  return (
    <Section title="Why Buy From Us?">
      <ul className="grid gap-3 sm:grid-cols-3">
        {points.map((p, i) => (
          <li key={p} className="flex items-center gap-2 text-sm font-medium" data-testid={i === points.length - 1 ? 'warranty-line' : undefined}>
            {i === points.length - 1 ? <ShieldCheck aria-hidden className="size-5 shrink-0 text-primary" /> : <Wrench aria-hidden className="size-5 shrink-0 text-primary" />}
            {p}
          </li>
        ))}
      </ul>
    </Section>
  )
}

// #vehicle-map: where the car is. Without map tiles (nothing loads from
// outside) it is a clean address card with the directions link.
export function VehicleLocation({ car, site }: { car: CarDetail; site: Site }) {
  const loc = carLocation(site, car)
  const a = loc?.address
  const line = a ? [a.street, [a.city, a.state, a.postcode].filter(Boolean).join(' ')].filter(Boolean).join(', ') : ''
  const directions = a && (a.lat || a.long) ? `https://www.google.com/maps/dir/?api=1&destination=${a.lat},${a.long}` : a ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(line)}` : ''
  return (
    <Section title="Location" id="vehicle-map">
      <div className="flex items-start gap-3">
        <MapPin aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
        <div className="text-sm">
          <p className="font-semibold">{car.location_name || loc?.name || site.name}</p>
          {line && <p className="text-muted-foreground">{line}</p>}
          {directions && (
            <a href={directions} target="_blank" rel="noopener noreferrer" className="mt-2 inline-block font-medium text-primary underline underline-offset-4">
              Get Directions
            </a>
          )}
          {/* docs/behaviour/screens.md#routes: the dealership's listing. */}
          {listingSlug(car.dealership_slug ?? '') && (
            <Link to={`/search/${listingSlug(car.dealership_slug ?? '')}`} className="mt-2 block font-medium text-primary underline underline-offset-4">
              See more from this dealer
            </Link>
          )}
        </div>
      </div>
    </Section>
  )
}
