import type { Dealership, Location, LocationWithHours } from '@/lib/api'

// The locations page's rules (docs/behaviour/screens.md#locations-page; its
// search box, docs/behaviour/validation.md#search; location ordering and grid
// columns, docs/behaviour/constants.md#locations), as plain functions so each
// rule is tested on its own.

export type LocationKind = 'sales' | 'used' | 'service' | 'parts'
export type OpeningHour = NonNullable<LocationWithHours['contact_detail']['opening_hours']>[number]
export type SpecialHour = NonNullable<LocationWithHours['contact_detail']['special_hours']>[number]

// docs/behaviour/entities.md: location_type '' means sales; the server already turns
// a 'pre-owned sales' subtype into used.
export function locationKind(l: Pick<Location, 'location_type'>): LocationKind {
  switch (l.location_type) {
    case 'used':
    case 'service':
    case 'parts':
      return l.location_type
    default:
      return 'sales'
  }
}

export const kindLabels: Record<LocationKind, string> = {
  sales: 'Sales',
  used: 'Used Cars',
  service: 'Service',
  parts: 'Parts',
}

const kindOrder: LocationKind[] = ['sales', 'used', 'service', 'parts']

// locationRank is docs/behaviour/constants.md "Location ordering sales 1, service 2,
// parts 3"; a used-car yard sells, so it ranks with sales.
export function locationRank(l: Pick<Location, 'location_type'>): number {
  return { sales: 1, used: 1, service: 2, parts: 3 }[locationKind(l)]
}

// sortLocations orders by rank, the primary location first among equals,
// otherwise keeping the given order.
export function sortLocations<T extends Pick<Location, 'location_type' | 'primary'>>(ls: readonly T[]): T[] {
  return ls
    .map((l, i) => ({ l, i }))
    .sort((a, b) => locationRank(a.l) - locationRank(b.l) || Number(b.l.primary) - Number(a.l.primary) || a.i - b.i)
    .map((e) => e.l)
}

// matchesLocationQuery is docs/behaviour/validation.md: the location filter is
// case-insensitive against name, postcode, street or location type.
export function matchesLocationQuery(l: Location, query: string): boolean {
  const q = query.trim().toLowerCase()
  if (!q) return true
  const kind = locationKind(l)
  const fields = [l.name, l.address.postcode, l.address.street, kind, kindLabels[kind], l.location_subtype]
  return fields.some((f) => f.toLowerCase().includes(q))
}

export function filterLocations(ls: readonly Location[], query: string): Location[] {
  return ls.filter((l) => matchesLocationQuery(l, query))
}

function addressKey(l: Location): string {
  return `${l.address.street.trim().toLowerCase().replace(/\s+/g, ' ')}|${l.address.postcode}`
}

// addressUnits groups locations sharing a street address: the departments
// one dropdown switches between (docs/behaviour/screens.md: "a dropdown switches
// between Sales, Service and Parts at the same address"). Departments and
// units follow the ranking.
export function addressUnits(ls: readonly Location[]): Location[][] {
  const units: Location[][] = []
  const at = new Map<string, number>()
  for (const l of sortLocations(ls)) {
    const k = addressKey(l)
    const unit = units[at.get(k) ?? -1]
    if (unit) {
      unit.push(l)
    } else {
      at.set(k, units.length)
      units.push([l])
    }
  }
  return units
}

export interface LocationGroup {
  key: string
  name: string
  slug: string
  locations: Location[]
}

// locationGroups is one block per dealership (docs/behaviour/screens.md: "one block
// per location group"), the one holding the primary location first.
export function locationGroups(ls: readonly Location[], dealerships: readonly Dealership[]): LocationGroup[] {
  const groups: LocationGroup[] = []
  for (const d of dealerships) {
    const mine = ls.filter((l) => l.dealership_id === d.id)
    if (mine.length) groups.push({ key: String(d.id), name: d.name, slug: d.slug, locations: sortLocations(mine) })
  }
  const orphans = ls.filter((l) => !dealerships.some((d) => d.id === l.dealership_id))
  if (orphans.length) groups.push({ key: 'other', name: 'Other Locations', slug: '', locations: sortLocations(orphans) })
  return groups
    .map((g, i) => ({ g, i }))
    .sort((a, b) => Number(b.g.locations.some((l) => l.primary)) - Number(a.g.locations.some((l) => l.primary)) || a.i - b.i)
    .map((e) => e.g)
}

// groupTabs are the location types present, in the order sales, used,
// service, parts, at most 4 (docs/behaviour/constants.md "location tabs up to 4").
// A group whose locations share one address needs no tabs: its dropdown
// already switches department.
export function groupTabs(ls: readonly Location[]): LocationKind[] {
  if (addressUnits(ls).length < 2) return []
  const kinds = kindOrder.filter((k) => ls.some((l) => locationKind(l) === k)).slice(0, 4)
  return kinds.length > 1 ? kinds : []
}

// unitsForTab lists the addresses having a department of the tab's type,
// each with that department first; without a tab, every address.
export function unitsForTab(ls: readonly Location[], tab: LocationKind | undefined): Location[][] {
  const units = addressUnits(ls)
  if (!tab) return units
  return units
    .filter((u) => u.some((l) => locationKind(l) === tab))
    .map((u) => [...u.filter((l) => locationKind(l) === tab), ...u.filter((l) => locationKind(l) !== tab)])
}

export type LocationTarget = 'primary' | 'sales' | 'service' | 'parts' | 'service-and-parts' | 'all' | number

// targetLocations is what a location block shows (docs/behaviour/screens.md: "Location
// blocks can target primary, sales, service, parts, service-and-parts, all
// or a specific location id").
export function targetLocations(ls: readonly Location[], target: LocationTarget): Location[] {
  switch (target) {
    case 'all':
      return [...ls]
    case 'primary': {
      const p = ls.find((l) => l.primary) ?? sortLocations(ls)[0]
      return p ? [p] : []
    }
    case 'sales':
      return ls.filter((l) => ['sales', 'used'].includes(locationKind(l)))
    case 'service':
    case 'parts':
      return ls.filter((l) => locationKind(l) === target)
    case 'service-and-parts':
      return ls.filter((l) => ['service', 'parts'].includes(locationKind(l)))
    default:
      return ls.filter((l) => l.id === target)
  }
}

export interface HoursRow {
  day: string
  state: 'open' | 'closed' | 'enquire'
  text: string
}

const dayNames: readonly string[] = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

function dayState(h: OpeningHour | undefined): Omit<HoursRow, 'day'> {
  if (!h || h.status.toLowerCase() === 'closed') return { state: 'closed', text: 'Closed' }
  if (h.status.toLowerCase() === 'open' && h.formated_hours) return { state: 'open', text: h.formated_hours }
  // Any other status: the dealer answers on request.
  return { state: 'enquire', text: 'Enquire Now' }
}

// hoursRows is the Opening Hours table: Monday to Sunday, each open hours,
// Closed or Enquire Now, collapsed to one Mon–Fri row when all five weekdays
// are identical (docs/behaviour/screens.md#opening-hours; weekday 0 is Sunday,
// docs/behaviour/constants.md#geo).
export function hoursRows(hours: readonly OpeningHour[] | null | undefined): HoursRow[] {
  const byDay = new Map((hours ?? []).map((h) => [h.weekday, h]))
  const week: HoursRow[] = [1, 2, 3, 4, 5, 6, 0].map((d) => ({ day: dayNames[d] ?? '', ...dayState(byDay.get(d)) }))
  const [monday] = week
  const weekdays = week.slice(0, 5)
  if (monday && weekdays.every((r) => r.state === monday.state && r.text === monday.text)) {
    return [{ ...monday, day: 'Mon–Fri' }, ...week.slice(5)]
  }
  return week
}

export interface SpecialRow {
  date: string
  name: string
  text: string
}

// specialHoursRows lists a location's special dates
// (docs/behaviour/entities.md#special-hours: start and end hours are UTC,
// shown am/pm) in the location's time zone, dates as dd/MM/yyyy
// (docs/behaviour/constants.md#formats). Entries for another location are
// left out.
export function specialHoursRows(
  special: readonly SpecialHour[] | null | undefined,
  timeZone: string,
  locationId?: number,
): SpecialRow[] {
  const time = new Intl.DateTimeFormat('en-AU', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone })
  const clock = (iso: string) => time.format(new Date(iso)).replace(/\s+/g, ' ').toLowerCase()
  return (special ?? [])
    .filter((s) => !s.location_id || locationId === undefined || s.location_id === locationId)
    .map((s) => {
      const [y = '', m = '', d = ''] = s.date.split('-')
      const weekday = (dayNames[new Date(Date.UTC(+y, +m - 1, +d)).getUTCDay()] ?? '').slice(0, 3)
      const open = s.start_hour && s.end_hour && s.status.toLowerCase() !== 'closed'
      return {
        date: `${weekday} ${d}/${m}/${y}`,
        name: s.name ?? '',
        text: open ? `${clock(s.start_hour!)} – ${clock(s.end_hour!)}` : s.status.toLowerCase() === 'closed' ? 'Closed' : s.status,
      }
    })
}

// gridColumns is the card grid's classes on large screens by count
// (docs/behaviour/constants.md#locations: the column count depends on how
// many there are): up to 3 side by side,
// more in a carousel showing 3, or 4 on the widest screens.
export function gridColumns(count: number): string {
  if (count <= 1) return 'lg:grid-cols-1'
  if (count === 2) return 'lg:grid-cols-2'
  return 'lg:grid-cols-3'
}

// carouselOnLarge: more than 3 locations stay a carousel on large screens.
export function carouselOnLarge(count: number): boolean {
  return count > 3
}

// swipeHintClass hides the 'Swipe' hint on large screens up to 3 locations,
// where they sit side by side (docs/behaviour/screens.md).
export function swipeHintClass(count: number): string {
  return count <= 3 ? 'lg:hidden' : ''
}

// directionsUrl is the location's maps link: its place URL, or a geo: link
// from its position.
export function directionsUrl(l: Location): string {
  if (l.address.place_url) return l.address.place_url
  return `geo:${l.address.lat},${l.address.long}`
}
