import { useCallback } from 'react'
import { useBrowserStore } from './use-hydrated'
import { priceText, type PriceParts } from './price-text'

// docs/behaviour/entities.md#local-records: a favourite keeps what the favourites
// list needs to show the car without asking the server.
export type SavedCar = {
  id: number
  name: string
  slug: string
  make: string
  model: string
  primary_image_url: string
  // A viewed car also keeps the rest of its record (docs/behaviour/entities.md:
  // stocknum, body, simple_body) and the price text its small card shows.
  stocknum?: string
  body?: string
  simple_body?: string
  price_text?: string
}

// savedPriceText is the price a small card shows: the car's display text,
// none when the car shows no price.
export function savedPriceText(price: PriceParts | null | undefined): string {
  return priceText(price)
}

// favourites and compare are toggled by the visitor; viewed is recorded by
// the vehicle page, most recent first.
export type SavedList = 'favourites' | 'compare' | 'viewed'

export const savedCarsKey = (list: SavedList) => `forecourt:${list}`

// One cache per list so every card reads the same array (a stable snapshot
// for useSyncExternalStore) until the list changes.
const cache = new Map<SavedList, { raw: string | null; cars: SavedCar[] }>()
const listeners = new Set<() => void>()
const none: SavedCar[] = []

function read(list: SavedList): SavedCar[] {
  let raw: string | null = null
  try {
    raw = window.localStorage.getItem(savedCarsKey(list))
  } catch {
    raw = null
  }
  const hit = cache.get(list)
  if (hit && hit.raw === raw) return hit.cars
  // Nothing saved reads as the server's own empty list, so a visitor with
  // nothing saved costs no redraw of every save button after the takeover.
  let cars: SavedCar[] = none
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw)
      if (Array.isArray(parsed)) {
        const valid = parsed.filter((c): c is SavedCar => typeof c === 'object' && c !== null && typeof c.id === 'number')
        if (valid.length > 0) cars = valid
      }
    } catch {
      cars = none
    }
  }
  cache.set(list, { raw, cars })
  return cars
}

function write(list: SavedList, cars: SavedCar[]) {
  try {
    window.localStorage.setItem(savedCarsKey(list), JSON.stringify(cars))
  } catch {
    // Private browsing or a full quota: the toggle still works for this page.
  }
  cache.set(list, { raw: safeRaw(list), cars })
  listeners.forEach((l) => l())
}

function safeRaw(list: SavedList): string | null {
  try {
    return window.localStorage.getItem(savedCarsKey(list))
  } catch {
    return null
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  // Another tab saving a car updates this one too.
  window.addEventListener('storage', listener)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', listener)
  }
}

// compareLimit: the compare list holds at most 4 cars (the compare page asks
// buyers to "add up to 4 cars"); the table stays readable side by side.
export const compareLimit = 4

// viewedLimit: the viewed list keeps the 12 most recent cars.
export const viewedLimit = 12

// listLimits bound a list; favourites have none.
const listLimits: Partial<Record<SavedList, number>> = { compare: compareLimit, viewed: viewedLimit }

export type ToggleResult = 'added' | 'removed' | 'full'

// Listeners told when a car was refused because its list is full, so the
// compare tray can say why nothing happened.
const fullListeners = new Set<(list: SavedList, car: SavedCar) => void>()

export function onListFull(listener: (list: SavedList, car: SavedCar) => void): () => void {
  fullListeners.add(listener)
  return () => {
    fullListeners.delete(listener)
  }
}

// toggleListCar adds the car if absent and removes it if present
// (docs/behaviour/states.md#favourites-compare); a full list refuses the car.
export function toggleListCar(list: SavedList, car: SavedCar): ToggleResult {
  const cars = read(list)
  if (cars.some((c) => c.id === car.id)) {
    write(
      list,
      cars.filter((c) => c.id !== car.id),
    )
    return 'removed'
  }
  const limit = listLimits[list]
  if (limit !== undefined && cars.length >= limit) {
    fullListeners.forEach((l) => l(list, car))
    return 'full'
  }
  write(list, [...cars, car])
  return 'added'
}

// toggleSavedCar is toggleListCar that answers whether the car is now saved.
export function toggleSavedCar(list: SavedList, car: SavedCar): boolean {
  return toggleListCar(list, car) === 'added'
}

// removeSavedCar drops a car from a list by id (the compare table's
// remove button, which may hold only the id of a car no longer shown).
export function removeSavedCar(list: SavedList, id: number) {
  const cars = read(list)
  if (cars.some((c) => c.id === id)) write(list, cars.filter((c) => c.id !== id))
}

// recordViewedCar puts the car first in the viewed list: a revisit moves it
// to the front instead of adding it twice, and the oldest fall off past the cap.
export function recordViewedCar(car: SavedCar) {
  const cars = read('viewed')
  if (cars[0]?.id === car.id && JSON.stringify(cars[0]) === JSON.stringify(car)) return
  write('viewed', [car, ...cars.filter((c) => c.id !== car.id)].slice(0, viewedLimit))
}

// clearSavedCars empties a list.
export function clearSavedCars(list: SavedList) {
  if (read(list).length > 0) write(list, [])
}

export function useSavedCars(list: SavedList): SavedCar[] {
  return useBrowserStore(
    subscribe,
    () => read(list),
    () => none,
  )
}

export function useSavedCar(list: SavedList, car: SavedCar) {
  const cars = useSavedCars(list)
  const saved = cars.some((c) => c.id === car.id)
  const toggle = useCallback(() => toggleSavedCar(list, car), [list, car])
  return { saved, toggle }
}

// The car fields and site settings the save-control rule reads.
export type SaveableCar = {
  car_type: string
  price: number
  primary_image_url: string
  images?: readonly unknown[] | null
}
export type SaveRuleSite = {
  features: { strict_save_controls?: boolean }
  search: { stock_rules: { used_only: boolean } }
}

// saveControlsAllowed: on a site with the strict variant, favourite and
// compare are also hidden when the used-only rule fails, the price is 0 or
// less, or the car has no images (docs/behaviour/states.md#favourites-compare).
// The feature switches and the sold rule are checked where each control is drawn.
export function saveControlsAllowed(car: SaveableCar, site: SaveRuleSite): boolean {
  if (!site.features.strict_save_controls) return true
  if (site.search.stock_rules.used_only && car.car_type !== 'used') return false
  if (!(car.price > 0)) return false
  return car.primary_image_url !== '' || (car.images?.length ?? 0) > 0
}
