import { useCallback, useSyncExternalStore } from 'react'

// SPEC.md section 3, Local records: a favourite keeps what the favourites
// list needs to show the car without asking the server.
export type SavedCar = {
  id: number
  name: string
  slug: string
  make: string
  model: string
  primary_image_url: string
}

export type SavedList = 'favourites' | 'compare'

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
  let cars: SavedCar[] = []
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw)
      if (Array.isArray(parsed)) {
        cars = parsed.filter((c): c is SavedCar => typeof c === 'object' && c !== null && typeof c.id === 'number')
      }
    } catch {
      cars = []
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

// toggleSavedCar adds the car if absent and removes it if present (SPEC.md
// section 4, Favourites and compare); it returns whether it is now saved.
export function toggleSavedCar(list: SavedList, car: SavedCar): boolean {
  const cars = read(list)
  if (cars.some((c) => c.id === car.id)) {
    write(
      list,
      cars.filter((c) => c.id !== car.id),
    )
    return false
  }
  write(list, [...cars, car])
  return true
}

export function useSavedCars(list: SavedList): SavedCar[] {
  return useSyncExternalStore(
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
// less, or the car has no images (SPEC.md section 4, Favourites and compare).
// The feature switches and the sold rule are checked where each control is drawn.
export function saveControlsAllowed(car: SaveableCar, site: SaveRuleSite): boolean {
  if (!site.features.strict_save_controls) return true
  if (site.search.stock_rules.used_only && car.car_type !== 'used') return false
  if (!(car.price > 0)) return false
  return car.primary_image_url !== '' || (car.images?.length ?? 0) > 0
}
