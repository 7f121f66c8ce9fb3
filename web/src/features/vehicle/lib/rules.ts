import type { CarDetail, Location, Site } from '@/lib/api'
import { formatPhone } from '@/lib/phone'
import { listingSlug } from '@/lib/listing-slug'
import { carViewing, viewingWords } from '@/lib/viewing'
import { isTestDriveOnly } from '@/lib/test-drive-only'

// Pure rules of the vehicle detail page (docs/behaviour/screens.md, docs/behaviour/states.md, docs/behaviour/validation.md, docs/behaviour/roles.md and docs/behaviour/constants.md).
// Each is a plain function so the tests can check it line by line.

export type VehicleCar = CarDetail

// The page's limits and timings: docs/behaviour/constants.md#lists and
// docs/behaviour/constants.md#sticky-header; docs/behaviour/states.md#vehicle-page-parts
// (similar cars, phone reveal), docs/behaviour/states.md#forms (share) and
// docs/behaviour/states.md#other (the counters).
export const limits = {
  keySpecs: 4,
  fullSpecs: 4,
  features: 8,
  dealerComments: 400,
  financeDisclaimer: 197,
  stickyHeaderAfter: 500,
  mobileBarOpenedAfter: 900,
  similarMargin: 500,
  similarPlaceholders: 6,
  shareCopiedMs: 1500,
  shareToastMs: 3000,
  autogaugeAnimationMs: 2500,
  salesCounterEveryMs: 150_000,
  salesCounterCountUpMs: 2000,
  viewsCountUpMs: 1000,
  phoneVisibleChars: 5,
  feetToMetres: 0.3048,
} as const

// vehicleType is the '{vehicle type}' of the page's texts: 'caravan' for
// caravans, else 'car' (docs/behaviour/screens.md and docs/behaviour/errors.md).
export function vehicleType(car: Pick<VehicleCar, 'item_type'>): 'car' | 'caravan' {
  return car.item_type === 'caravan' ? 'caravan' : 'car'
}

export function capitalise(s: string): string {
  return s ? s[0]!.toUpperCase() + s.slice(1) : s
}

// vehicleTitle: year, make, model, badge; or the full name when series
// display is on (docs/behaviour/screens.md#breadcrumb). The full name carries the
// series: a stored name without it gets it added at its end.
export function vehicleTitle(car: Pick<VehicleCar, 'year' | 'make' | 'model' | 'badge' | 'name' | 'series'>, seriesDisplay: boolean): string {
  if (seriesDisplay) {
    const series = (car.series ?? '').trim()
    const name = car.name.trim() || vehicleTitle(car, false)
    const words = name.toLowerCase().split(/\s+/)
    return series && !words.includes(series.toLowerCase()) ? `${name} ${series}` : name
  }
  return [car.year ? String(car.year) : '', car.make, car.model, car.badge]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' ')
}

// listingSlug matches the server's listing path segments.
export { listingSlug }

const carTypeLabel: Record<string, string> = { new: 'New', used: 'Used', demo: 'Demo' }

export type Crumb = { label: string; href?: string }

// breadcrumb: Home, car type, make, model (only if known), body, then the
// title (docs/behaviour/screens.md#vehicle-page), linked on the breadcrumb
// base /used-car/… (docs/behaviour/screens.md#routes), which stands for the
// listing: used cars, or the car's own type when it is not used.
export function breadcrumb(car: VehicleCar, seriesDisplay: boolean): Crumb[] {
  const type = vehicleType(car)
  const typeWord = carTypeLabel[car.car_type] ?? capitalise(car.car_type)
  const base = car.car_type === 'used' || !car.car_type ? '/used-car' : `/used-car/${listingSlug(car.car_type)}-cars`
  const out: Crumb[] = [{ label: 'Home', href: '/' }]
  if (typeWord) out.push({ label: `${typeWord} ${capitalise(type)}s`, href: base })
  if (car.make.trim()) out.push({ label: car.make, href: `${base}/${listingSlug(car.make)}` })
  if (car.make.trim() && car.model.trim()) {
    out.push({ label: car.model, href: `${base}/${listingSlug(car.make)}/${listingSlug(car.model)}` })
  }
  const body = car.simple_body || car.body
  if (body.trim()) out.push({ label: body, href: `${base}/${listingSlug(body)}` })
  out.push({ label: vehicleTitle(car, seriesDisplay) })
  return out
}

export function primaryLocation(site: Pick<Site, 'locations'>): Location | undefined {
  return site.locations.find((l) => l.primary) ?? site.locations[0]
}

export function carLocation(site: Pick<Site, 'locations'>, car: Pick<VehicleCar, 'location_id'>): Location | undefined {
  return site.locations.find((l) => l.id === car.location_id)
}

// showAnnouncement: the bar shows when the car's location city differs
// from the primary location's city (docs/behaviour/screens.md).
export function showAnnouncement(carCity: string, primaryCity: string): boolean {
  const a = carCity.trim().toLowerCase()
  const b = primaryCity.trim().toLowerCase()
  return a !== '' && b !== '' && a !== b
}

// dealerPhone: the car type's own number when the site files numbers by car
// type, else the car's location's, else the site's main number
// (docs/behaviour/entities.md#tenant-config,
// docs/behaviour/constants.md#dealer-phones).
export function dealerPhone(site: Pick<Site, 'phones'>, car: Pick<VehicleCar, 'car_type'>, location?: Location): string {
  const byType = site.phones.by_car_type ?? {}
  if (site.phones.filter_by_car_type && byType[car.car_type]) return byType[car.car_type]!
  const loc = location?.contact_detail?.phone || location?.phone
  return loc || site.phones.main
}

// maskPhone: masked after the first 5 characters until clicked
// (docs/behaviour/states.md#phone-reveal), after the display rule of
// docs/behaviour/validation.md#phone-display.
export function maskPhone(phone: string, revealed: boolean): string {
  const shown = formatPhone(phone)
  if (revealed) return shown
  const keep = shown.slice(0, limits.phoneVisibleChars)
  return keep + shown.slice(limits.phoneVisibleChars).replace(/\S/g, 'X')
}

// phoneStartsRevealed: some tenants start revealed; sites that do not mask
// show the number at once.
export function phoneStartsRevealed(features: Pick<Site['features'], 'reveal_phone' | 'phone_revealed'>): boolean {
  return features.phone_revealed || !features.reveal_phone
}

// isTestDriveOnly is shared with checkout.
export { isTestDriveOnly }

// reserveEligible: the car is available (with the strict rule: in stock, not
// reserved, price above 200) and not test-drive-only (docs/behaviour/states.md,
// Availability).
export function reserveEligible(car: VehicleCar, site: Pick<Site, 'features' | 'vehicle_page'>): boolean {
  if (!site.features.reserve || !car.available || isTestDriveOnly(car)) return false
  if (site.vehicle_page.strict_reserve) {
    return car.status === 'in_stock' && !car.reserved && car.price > 200
  }
  return !car.reserved
}

// chatReplacesEnquire: Instant Message replaces Enquire Now when chat is
// configured, there is no podium token and the car is reservable
// (docs/behaviour/roles.md#chat-vs-enquire).
export function chatReplacesEnquire(car: VehicleCar, site: Pick<Site, 'features' | 'vehicle_page'>): boolean {
  return site.features.chat && !site.vehicle_page.podium_chat && reserveEligible(car, site)
}

// bookable: a buyer may book to see the car in person only when it is in
// stock and not reserved for another buyer.
export function bookable(car: Pick<VehicleCar, 'status' | 'reserved'>): boolean {
  return car.status === 'in_stock' && !car.reserved
}

export type ActionKind = 'enquire' | 'instant_message' | 'test_drive' | 'finance_enquiry' | 'reserve' | 'trade_in' | 'history_report' | 'buy_online' | 'checkout_journey'

export type Action = { kind: ActionKind; label: string; href?: string }

// actions are the sidebar's buttons by availability (docs/behaviour/screens.md and docs/behaviour/states.md
// and 6): none for a car that is not available.
export function actions(car: VehicleCar, site: Pick<Site, 'features' | 'vehicle_page'> & { pages?: Site['pages'] }): Action[] {
  if (!car.available) return []
  const out: Action[] = []
  if (chatReplacesEnquire(car, site)) out.push({ kind: 'instant_message', label: 'Instant Message' })
  else out.push({ kind: 'enquire', label: 'Enquire Now' })
  // A caravan is inspected, not test driven; a car held for another buyer,
  // or not here yet, is neither.
  if (bookable(car)) out.push({ kind: 'test_drive', label: viewingWords[carViewing(car)].book })
  if (site.vehicle_page.finance_enquiry_button) out.push({ kind: 'finance_enquiry', label: 'Get Finance Now' })
  // A button only where the site offers the page it opens (its `pages` config).
  const offers = (route: string) => (site.pages ?? []).some((p) => p.path === route)
  const path = site.features.buy_online ? 'buy-online' : 'checkout'
  if (reserveEligible(car, site) && offers(`/cars/:slug/${path}`)) {
    out.push({ kind: 'reserve', label: site.features.buy_online ? 'Buy Online' : 'Reserve Now', href: `/cars/${car.slug}/${path}` })
  }
  if (site.features.trade_in) out.push({ kind: 'trade_in', label: 'Value My Trade-In', href: `/cars/trade-in?car_id=${car.id}` })
  if (car.file.trim()) out.push({ kind: 'history_report', label: 'History Report', href: car.file })
  if (site.features.checkout_journey && offers('/checkout-journey')) {
    out.push({ kind: 'checkout_journey', label: 'Start Online Purchase', href: `/checkout-journey?car_id=${encodeURIComponent(car.slug)}` })
  }
  return out
}

// The price comparison (docs/behaviour/entities.md, docs/behaviour/validation.md and docs/behaviour/constants.md).
export type AutogaugeData = {
  fill?: number | null
  listing_price?: number | null
  market_range_min?: number | null
  market_range_max?: number | null
  confidence?: number | string | null
  description?: string
}

export type ShownAutogauge = {
  fill: number
  listingPrice: number
  min: number
  max: number
  confidence: number
  description: string
}

const known = (v: unknown): v is number | string => v !== null && v !== undefined && v !== '' && !Number.isNaN(Number(v))

// autogaugeVisible: hidden when confidence is 0.2 or lower, when any of
// fill, listing_price, market range min or max, or confidence is missing,
// or when the market range max is below the listing price
// (docs/behaviour/validation.md#price-comparison-visibility). Returns the
// shown values or null.
export function autogaugeVisible(d: AutogaugeData | null | undefined): ShownAutogauge | null {
  if (!d) return null
  const { fill, listing_price, market_range_min, market_range_max, confidence } = d
  if (![fill, listing_price, market_range_min, market_range_max, confidence].every(known)) return null
  const c = Number(confidence)
  if (c <= 0.2) return null
  if (Number(market_range_max) < Number(listing_price)) return null
  return {
    fill: Number(fill),
    listingPrice: Number(listing_price),
    min: Number(market_range_min),
    max: Number(market_range_max),
    confidence: c,
    description: d.description ?? '',
  }
}

// autogaugeTone: low below 0.3, medium below the 'Great Deal' line, high
// from it. The green of 'high' only ever sits under 'Great Deal', so the
// colour and the words never disagree (a 'Good Deal' is never green).
export function autogaugeTone(fill: number): 'low' | 'medium' | 'high' {
  if (fill < 0.3) return 'low'
  if (fill < GREAT_DEAL_FILL) return 'medium'
  return 'high'
}

// GREAT_DEAL_FILL is where 'Good Deal' becomes 'Great Deal'.
export const GREAT_DEAL_FILL = 0.65

// dealLabel: 'Good Deal' below 0.65, else 'Great Deal' (docs/behaviour/constants.md).
export function dealLabel(fill: number): 'Good Deal' | 'Great Deal' {
  return fill < GREAT_DEAL_FILL ? 'Good Deal' : 'Great Deal'
}

// truncateText cuts at n characters (on a word boundary when one is close)
// and reports whether anything was cut.
export function truncateText(text: string, n: number): { text: string; truncated: boolean } {
  const t = text.trim()
  if (t.length <= n) return { text: t, truncated: false }
  let cut = t.slice(0, n)
  const space = cut.lastIndexOf(' ')
  if (space > n * 0.8) cut = cut.slice(0, space)
  return { text: cut.trimEnd() + '…', truncated: true }
}

// truncateHtml cuts sanitised HTML after n characters of text, closing
// the tags left open, so Show More/Show Less works on formatted comments
// (docs/behaviour/states.md#dealer-comments: 400 characters).
export function truncateHtml(html: string, n: number): { html: string; truncated: boolean } {
  const tokens = html.match(/<[^>]+>|[^<]+/g) ?? []
  let count = 0
  let out = ''
  const open: string[] = []
  const voidTags = new Set(['br', 'hr', 'img', 'wbr'])
  for (const tok of tokens) {
    if (tok.startsWith('<')) {
      const m = /^<\s*(\/)?\s*([a-zA-Z0-9]+)/.exec(tok)
      if (m) {
        const name = m[2]!.toLowerCase()
        if (m[1]) {
          const i = open.lastIndexOf(name)
          if (i >= 0) open.splice(i, 1)
        } else if (!voidTags.has(name) && !tok.endsWith('/>')) {
          open.push(name)
        }
      }
      out += tok
      continue
    }
    const text = decodeEntities(tok)
    if (count + text.length <= n) {
      out += tok
      count += text.length
      continue
    }
    const { text: cut } = truncateText(text, n - count)
    out += escapeHtml(cut.endsWith('…') ? cut : cut + '…')
    for (let i = open.length - 1; i >= 0; i--) out += `</${open[i]}>`
    return { html: out, truncated: true }
  }
  return { html, truncated: false }
}

function decodeEntities(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' })[e] ?? _)
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

export function htmlTextLength(html: string): number {
  return decodeEntities(html.replace(/<[^>]+>/g, '')).trim().length
}

// salesThisMonth: (day of month − 1) × 192 + seconds since midnight
// (Brisbane time) ÷ 450, whole sales (docs/behaviour/constants.md, Sales counter).
export function salesThisMonth(now: Date): number {
  const parts = new Intl.DateTimeFormat('en-AU', {
    timeZone: 'Australia/Brisbane',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(now)
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0)
  const seconds = get('hour') * 3600 + get('minute') * 60 + get('second')
  return Math.floor((get('day') - 1) * 192 + seconds / 450)
}

// feetToMetres for caravan sizes (docs/behaviour/constants.md: 0.3048).
export function feetToMetres(feet: number): number {
  return Math.round(feet * limits.feetToMetres * 100) / 100
}

export type Spec = { label: string; value: string }

const nf = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 1 })

// caravanSpecs: width, length (feet to metres), tare weight, axle type,
// sleeps and aggregate trailer mass (docs/behaviour/screens.md and docs/behaviour/entities.md).
export function caravanSpecs(car: Pick<VehicleCar, 'item_type' | 'specifications'>): Spec[] {
  if (car.item_type !== 'caravan' || !car.specifications) return []
  const s = car.specifications
  const out: Spec[] = []
  if (s.body_width) out.push({ label: 'Width', value: `${feetToMetres(s.body_width)} m (${nf.format(s.body_width)} ft)` })
  if (s.body_length) out.push({ label: 'Length', value: `${feetToMetres(s.body_length)} m (${nf.format(s.body_length)} ft)` })
  if (s.tare_weight) out.push({ label: 'Tare Weight', value: `${nf.format(s.tare_weight)} kg` })
  if (s.axle_type) out.push({ label: 'Axle Type', value: s.axle_type })
  if (s.sleeps) out.push({ label: 'Sleeps', value: String(s.sleeps) })
  if (s.aggregate_trailer_mass) out.push({ label: 'Aggregate Trailer Mass', value: `${nf.format(s.aggregate_trailer_mass)} kg` })
  return out
}

// KeyFact is one tile of the sidebar's key facts.
export type KeyFact = { kind: 'km' | 'transmission' | 'body' | 'length' | 'tare' | 'atm' | 'sleeps'; label: string; value: string }

// keyFacts are the sidebar's summary tiles. A car shows its kilometres,
// transmission and body; a caravan has no odometer or gearbox, so it shows
// its length, tare, ATM and berths instead (whichever it has).
export function keyFacts(car: Pick<VehicleCar, 'item_type' | 'specifications' | 'km' | 'simple_transmission' | 'trans' | 'simple_body' | 'body'>): KeyFact[] {
  const body = car.simple_body || car.body
  if (car.item_type === 'caravan') {
    const s = car.specifications
    const out: KeyFact[] = []
    if (s?.body_length) out.push({ kind: 'length', label: 'Length', value: `${feetToMetres(s.body_length)} m` })
    if (s?.tare_weight) out.push({ kind: 'tare', label: 'Tare', value: `${nf.format(s.tare_weight)} kg` })
    if (s?.aggregate_trailer_mass) out.push({ kind: 'atm', label: 'ATM', value: `${nf.format(s.aggregate_trailer_mass)} kg` })
    if (s?.sleeps) out.push({ kind: 'sleeps', label: 'Sleeps', value: String(s.sleeps) })
    if (out.length === 0 && body) out.push({ kind: 'body', label: 'Body', value: body })
    return out
  }
  return [
    { kind: 'km', label: 'Kilometres', value: `${nf.format(car.km)} km` },
    { kind: 'transmission', label: 'Transmission', value: car.simple_transmission || car.trans || '—' },
    { kind: 'body', label: 'Body', value: body || '—' },
  ]
}

type SpecAdder = (label: string, value: string | number | undefined | null) => void

function collect(fill: (add: SpecAdder) => void): Spec[] {
  const out: Spec[] = []
  fill((label, value) => {
    if (value === undefined || value === null) return
    const s = String(value).trim()
    if (s && s !== '0') out.push({ label, value: s })
  })
  return out
}

// specList: the car's everyday facts in reading order; key information
// shows the first 4, then Show More (docs/behaviour/screens.md).
export function specList(car: VehicleCar): Spec[] {
  const v = car.variant ?? {}
  return collect((add) => {
    // A caravan has no odometer: no '0 km' for it, new or used.
    add('Odometer', (car.car_type === 'new' || car.item_type === 'caravan') && !car.km ? undefined : `${nf.format(car.km)} km`)
    add('Transmission', car.simple_transmission || car.trans)
    add('Fuel Type', car.simple_fuel || car.fuel)
    add('Body', car.simple_body || car.body)
    add('Drive', car.simple_drive || car.drive)
    add('Engine', car.engine_size_litres ? `${car.engine_size_litres.toFixed(1)} L` : v.enginesize_litres ? `${v.enginesize_litres.toFixed(1)} L` : '')
    add('Colour', car.colour)
    add('Interior Colour', car.interior_colour)
    add('Seats', car.seats)
    add('Doors', car.doors)
  })
}

// technicalSpecs: the full specifications (4 initially, show/hide): the
// manufacturer's figures and the car's identifiers.
export function technicalSpecs(car: VehicleCar): Spec[] {
  const v = car.variant ?? {}
  return collect((add) => {
    add('Engine Size', car.engine_size ? `${nf.format(car.engine_size)} cc` : v.enginesize ? `${nf.format(v.enginesize)} cc` : '')
    add('Cylinders', v.cylinders)
    add('Induction', v.induction)
    add('Gears', car.gearnum)
    add('Gear Type', v.geartype)
    add('Fuel Consumption', v.fuelconsumptioncombined ? `${v.fuelconsumptioncombined} L/100km` : '')
    add('Fuel Capacity', v.fuelcapacity ? `${v.fuelcapacity} L` : '')
    add('Torque', v.torque ? `${v.torque} Nm` : '')
    add('Towing Capacity (braked)', v.towingcapacitybraked ? `${nf.format(v.towingcapacitybraked)} kg` : '')
    add('Gross Vehicle Mass', v.grossvehiclemass ? `${nf.format(v.grossvehiclemass)} kg` : '')
    add('Length', v.vehiclelength ? `${nf.format(v.vehiclelength)} mm` : '')
    add('Width', v.vehiclewidth ? `${nf.format(v.vehiclewidth)} mm` : '')
    add('Height', v.vehicleheight ? `${nf.format(v.vehicleheight)} mm` : '')
    add('ANCAP Rating', v.ancaprating ? `${v.ancaprating} stars` : '')
    add('Body Configuration', car.bodyconfiguration || v.bodyconfiguration)
    add('Stock Number', car.stocknum)
    add('Build Date', car.build_date)
    add('Compliance Date', car.compliance_date)
  })
}

// A rego expiry as the feed gives it (YYYY-MM-DD) reads as '4 May 2027';
// anything else shows as given.
const expiryFormat = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
function formatExpiry(s: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s.trim())
  return m ? expiryFormat.format(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!)) : s
}

// identitySpecs: the car's VIN, rego and rego expiry, only on a site that
// shows them (docs/behaviour/screens.md#car-identity).
export function identitySpecs(car: VehicleCar, site: Pick<Site, 'features'>): Spec[] {
  if (!site.features.car_identity) return []
  return collect((add) => {
    add('VIN', car.vin)
    add('Rego', car.regplate && [car.regplate, car.regoState && `(${car.regoState})`].filter(Boolean).join(' '))
    add('Rego Expiry', car.rego_expiry && formatExpiry(car.rego_expiry))
  })
}

// detailsCard: the '{vehicle type} Details' card's short list.
export function detailsCard(car: VehicleCar): Spec[] {
  const out: Spec[] = []
  const add = (label: string, value: string | number) => {
    const s = String(value).trim()
    if (s && s !== '0') out.push({ label, value: s })
  }
  add('Condition', carTypeLabel[car.car_type] ?? car.car_type)
  add('Year', car.year)
  add('Make', car.make)
  add('Model', car.model)
  add('Badge', car.badge)
  add('Series', car.series)
  add('Location', car.location_name)
  return out
}

// warrantyLine: the first configured line whose make and car type match
// ('' matches any), else '3 Year Warranty Standard' (docs/behaviour/screens.md).
export function warrantyLine(site: Pick<Site, 'wording'>, car: Pick<VehicleCar, 'make' | 'car_type'>): string {
  for (const w of site.wording.warranty ?? []) {
    const makeOk = !w.make || w.make.toLowerCase() === car.make.toLowerCase()
    const typeOk = !w.car_type || w.car_type.toLowerCase() === car.car_type.toLowerCase()
    if (makeOk && typeOk) return w.text
  }
  return '3 Year Warranty Standard'
}

// fuelCalculatorShown: hidden for electric cars (docs/behaviour/roles.md).
export function fuelCalculatorShown(site: Pick<Site, 'features'>, car: Pick<VehicleCar, 'simple_fuel' | 'fuel' | 'item_type'>): boolean {
  if (!site.features.fuel_calculator || car.item_type === 'caravan') return false
  return !/electric/i.test(car.simple_fuel || car.fuel) || /hybrid/i.test(car.simple_fuel || car.fuel)
}

// shareUrl: the site base URL without trailing slash plus the path
// (docs/behaviour/screens.md#route-car).
export function shareUrl(origin: string, path: string): string {
  return origin.replace(/\/+$/, '') + path
}

// Scroll states (docs/behaviour/constants.md): sticky header after 500 px, the mobile
// bar 'opened' past 900 px.
export function scrollState(y: number): { sticky: boolean; barOpened: boolean } {
  return { sticky: y > limits.stickyHeaderAfter, barOpened: y > limits.mobileBarOpenedAfter }
}

// imageDims: the main image is 3:2 (docs/behaviour/calls.md: 600x400 car images).
export const mainImage = { width: 1200, height: 800 } as const
