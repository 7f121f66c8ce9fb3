// Fuel calculator maths (docs/behaviour/validation.md and docs/behaviour/constants.md, Fuel calculator).

export const DEFAULT_FUEL_PRICE = '1.70'
export const DEFAULT_DISTANCE = '250 kms'
// Litres per 100 km assumed when the car's combined consumption is unknown.
export const DEFAULT_CONSUMPTION = 10

// parseFuelPrice strips '$' and ',' from the typed price; null when what is
// left is not a usable number.
export function parseFuelPrice(text: string): number | null {
  return parseAmount(text.replace(/[$,]/g, ''))
}

// parseDistance strips 'kms' and ',' from the typed distance (a lone 'km' too).
export function parseDistance(text: string): number | null {
  return parseAmount(text.replace(/,/g, '').replace(/\s*kms?\s*$/i, ''))
}

function parseAmount(rest: string): number | null {
  const s = rest.trim()
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(s)) return null
  const n = Number(s)
  // Hundreds of digits overflow to Infinity: keep it a (too) large number
  // so the message says "too large", not "not a number".
  return Number.isFinite(n) ? n : Number.MAX_VALUE
}

// consumptionOf is the car's combined L/100km, or the default when unknown.
export function consumptionOf(car: FuelCar): number {
  const c = car.variant?.fuelconsumptioncombined
  return typeof c === 'number' && Number.isFinite(c) && c > 0 ? c : DEFAULT_CONSUMPTION
}

// fuelCost is distance/100 × L/100km × price per litre.
export function fuelCost(distanceKm: number, litresPer100: number, pricePerLitre: number): number {
  return (distanceKm / 100) * litresPer100 * pricePerLitre
}

// isElectric hides the calculator: an electric car burns no fuel.
export function isElectric(car: FuelCar): boolean {
  return /^electric$/i.test((car.simple_fuel ?? '').trim()) || /^electric$/i.test((car.fuel ?? '').trim())
}

export interface FuelCar {
  simple_fuel?: string | null
  fuel?: string | null
  variant?: { fuelconsumptioncombined?: number | null } | null
}

// The largest figures the calculator works with; beyond them the answer is
// no longer a trip's fuel and the input is treated as a typo.
export const MAX_FUEL_PRICE = 100
export const MAX_DISTANCE = 1_000_000
