import type { Hit } from '@/components/car-card'
import { compareLimit } from '@/lib/saved-cars'
import { priceText } from '@/lib/price-text'

// The compare page (docs/behaviour/states.md#favourites-compare): up to 4
// cars side by side, shareable by URL (/compare?ids=1,2,3), with the rows
// whose values differ marked.

// parseCompareIds reads the ids of /compare?ids=…: positive whole numbers,
// each once, in order, at most the compare limit.
export function parseCompareIds(raw: string | null): number[] {
  if (!raw) return []
  const out: number[] = []
  for (const part of raw.split(',')) {
    const s = part.trim()
    if (!/^\d{1,15}$/.test(s)) continue
    const id = Number(s)
    if (id > 0 && !out.includes(id)) out.push(id)
  }
  return out.slice(0, compareLimit)
}

export function compareHref(ids: readonly number[]): string {
  return ids.length > 0 ? `/compare?ids=${ids.join(',')}` : '/compare'
}

// A column of the table: a car the site still shows for sale, or the id of
// one it no longer does (sold, hidden or unknown).
export type CompareColumn =
  | { kind: 'car'; id: number; car: Hit }
  | { kind: 'gone'; id: number; name: string; car?: Hit }

// compareColumns keeps the order of ids; a car that is not available (sold)
// or that the server did not return is 'gone'. names are what the local
// list remembers, so a gone column can still say which car it was.
export function compareColumns(ids: readonly number[], cars: readonly Hit[], names: ReadonlyMap<number, string> = new Map()): CompareColumn[] {
  return ids.map((id) => {
    const car = cars.find((c) => c.id === id)
    if (car && car.available) return { kind: 'car', id, car }
    const name = car ? carName(car) : names.get(id) ?? ''
    return { kind: 'gone', id, name, car }
  })
}

export function carName(car: Pick<Hit, 'year' | 'make' | 'model' | 'badge' | 'name'>): string {
  const parts = [car.year ? String(car.year) : '', car.make, car.model, car.badge].map((s) => s.trim()).filter(Boolean)
  return parts.length > 0 ? parts.join(' ') : car.name
}

const whole = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 0 })

// A row of the table: its label and each car's value as shown. A list row
// (features) is drawn as one tick row per item; a tick row says per car
// whether it has the item.
export type CompareRow = { key: string; label: string; value: (car: Hit) => string; list?: (car: Hit) => string[]; tick?: (car: Hit) => boolean }

const dash = '—'

export const compareRows: CompareRow[] = [
  { key: 'price', label: 'Price', value: (c) => priceText(c.price_display) || dash },
  { key: 'year', label: 'Year', value: (c) => (c.year ? String(c.year) : dash) },
  { key: 'km', label: 'Kilometres', value: (c) => `${whole.format(c.km)} km` },
  { key: 'body', label: 'Body', value: (c) => c.simple_body || c.body || dash },
  { key: 'transmission', label: 'Transmission', value: (c) => c.simple_transmission || c.trans || dash },
  { key: 'fuel', label: 'Fuel', value: (c) => c.simple_fuel || c.fuel || dash },
  {
    key: 'engine',
    label: 'Engine',
    value: (c) => (c.engine_size_litres ? `${c.engine_size_litres.toFixed(1)} L` : c.engine_size ? `${whole.format(c.engine_size)} cc` : dash),
  },
  { key: 'seats', label: 'Seats', value: (c) => (c.seats ? String(c.seats) : dash) },
  {
    key: 'features',
    label: 'Features',
    list: (c) => c.standardEquipment ?? [],
    value: (c) => [...(c.standardEquipment ?? [])].sort().join('\n') || dash,
  },
]

// rowDiffers: the cars shown for sale do not all have the same value. One
// car alone differs from nothing.
export function rowDiffers(row: CompareRow, cars: readonly Hit[]): boolean {
  if (cars.length < 2) return false
  const first = row.value(cars[0]!)
  return cars.some((c) => row.value(c) !== first)
}

// tickRows turns a list row into one row per item any of the cars has, in
// the order the cars list them: each car gets a tick (Yes) or a dash (No),
// so the same feature lines up across the cars.
export function tickRows(row: CompareRow, cars: readonly Hit[]): CompareRow[] {
  const list = row.list
  if (!list) return [row]
  const items: string[] = []
  for (const car of cars) for (const item of list(car)) if (!items.includes(item)) items.push(item)
  return items.map((item) => {
    const tick = (c: Hit) => list(c).includes(item)
    return { key: `${row.key}:${item}`, label: item, tick, value: (c) => (tick(c) ? 'Yes' : 'No') }
  })
}
