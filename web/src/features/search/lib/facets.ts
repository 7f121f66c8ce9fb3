import type { FacetValue } from '../api/get-search'

// The facet groups of the panel, in the order shown
// (docs/behaviour/entities.md#search-state and
// docs/behaviour/screens.md#search-results).
export const facetGroups: readonly { field: string; title: string; image?: 'make' | 'body' }[] = [
  { field: 'car_type', title: 'Car type' },
  { field: 'make', title: 'Make', image: 'make' },
  { field: 'model', title: 'Model' },
  { field: 'body', title: 'Body type', image: 'body' },
  { field: 'price_range', title: 'Price range' },
  { field: 'year', title: 'Year' },
  { field: 'km', title: 'Kilometres' },
  { field: 'fuel', title: 'Fuel' },
  { field: 'transmission', title: 'Transmission' },
  { field: 'drive', title: 'Drive' },
  { field: 'colour', title: 'Colour' },
  { field: 'seats', title: 'Seats' },
  { field: 'location_name', title: 'Location' },
  { field: 'dealership_name', title: 'Dealership' },
  { field: 'tag', title: 'Tag' },
  { field: 'certified', title: 'Certified' },
]

// docs/behaviour/constants.md: the make list splits into Popular Makes (the first 20
// by count) and All Makes (alphabetical).
export const popularMakeCount = 20

export function splitMakes(makes: readonly FacetValue[]): { popular: FacetValue[]; all: FacetValue[] } {
  const byCount = [...makes].sort((a, b) => b.count - a.count)
  const all = [...makes].sort((a, b) => a.label.localeCompare(b.label))
  return { popular: byCount.slice(0, popularMakeCount), all }
}

// docs/behaviour/constants.md: car type order new, demo, used.
const carTypeOrder = ['new', 'demo', 'used']

export function orderCarTypes(values: readonly FacetValue[]): FacetValue[] {
  const rank = (v: FacetValue) => {
    const i = carTypeOrder.indexOf(v.value.toLowerCase())
    return i < 0 ? carTypeOrder.length : i
  }
  return [...values].sort((a, b) => rank(a) - rank(b))
}

const carTypeLabels: Record<string, string> = { new: 'New', demo: 'Demo', used: 'Used' }

export function facetLabel(field: string, value: string, facets: Record<string, FacetValue[]> | undefined): string {
  const found = facets?.[field]?.find((v) => v.value === value)
  if (found) return found.label
  if (field === 'car_type') return carTypeLabels[value.toLowerCase()] ?? value
  return value
}

// imageSlug names a make logo or body image: /img/make/land-rover.png.
export { imageSlug } from '@/lib/image-slug'
