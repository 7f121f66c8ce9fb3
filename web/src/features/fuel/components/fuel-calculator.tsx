import { useKeepTyped } from '@/lib/keep-typed'
import { Fuel } from 'lucide-react'
import { useId, useState } from 'react'
import {
  consumptionOf,
  DEFAULT_DISTANCE,
  DEFAULT_FUEL_PRICE,
  fuelCost,
  isElectric,
  MAX_DISTANCE,
  MAX_FUEL_PRICE,
  parseDistance,
  parseFuelPrice,
  type FuelCar,
} from '../lib/fuel'

const inputClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-base text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[invalid=true]:border-destructive'

const money = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD', minimumFractionDigits: 2 })

export interface FuelCalculatorProps {
  car: FuelCar
}

// FuelCalculator estimates a trip's fuel cost for the car (docs/behaviour/validation.md,
// Fuel calculator). Electric cars burn no fuel, so it renders nothing.
export function FuelCalculator({ car }: FuelCalculatorProps) {
  const id = useId()
  const [price, setPrice] = useState(DEFAULT_FUEL_PRICE)
  const [distance, setDistance] = useState(DEFAULT_DISTANCE)
  // Figures typed before the page was hydrated are kept.
  const keepPrice = useKeepTyped<HTMLInputElement>(undefined, true)
  const keepDistance = useKeepTyped<HTMLInputElement>(undefined, true)
  if (isElectric(car)) return null

  const litres = consumptionOf(car)
  // Feeds carry float noise (7.5969999…); one decimal is how fuel use is quoted.
  const litresText = litres.toLocaleString('en-AU', { maximumFractionDigits: 1 })
  const known = typeof car.variant?.fuelconsumptioncombined === 'number' && car.variant.fuelconsumptioncombined > 0
  const p = parseFuelPrice(price)
  const d = parseDistance(distance)
  const priceError =
    p === null
      ? 'Please enter the fuel price as a number, e.g. 1.70.'
      : p > MAX_FUEL_PRICE
        ? `Please enter a fuel price of at most $${MAX_FUEL_PRICE} a litre.`
        : ''
  const distanceError =
    d === null
      ? 'Please enter the distance as a number, e.g. 250 kms.'
      : d > MAX_DISTANCE
        ? 'Please enter a distance under 1,000,000 kms.'
        : ''
  const cost = !priceError && !distanceError && p !== null && d !== null ? fuelCost(d, litres, p) : null

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-border bg-background p-4 sm:p-6">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold">
        <Fuel aria-hidden className="size-5 text-primary" /> Fuel Calculator
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-price`} className="mb-1 block text-sm font-medium">
            Fuel price (per litre)
          </label>
          <input
            ref={keepPrice}
            id={`${id}-price`}
            className={inputClass}
            inputMode="decimal"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            aria-invalid={priceError ? true : undefined}
            aria-describedby={priceError ? `${id}-price-error` : undefined}
          />
          {priceError && (
            <p id={`${id}-price-error`} className="mt-1 text-sm text-destructive">
              {priceError}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={`${id}-distance`} className="mb-1 block text-sm font-medium">
            Distance
          </label>
          <input
            ref={keepDistance}
            id={`${id}-distance`}
            className={inputClass}
            inputMode="numeric"
            value={distance}
            onChange={(e) => setDistance(e.target.value)}
            aria-invalid={distanceError ? true : undefined}
            aria-describedby={distanceError ? `${id}-distance-error` : undefined}
          />
          {distanceError && (
            <p id={`${id}-distance-error`} className="mt-1 text-sm text-destructive">
              {distanceError}
            </p>
          )}
        </div>
      </div>
      <p className="mt-4 text-sm text-muted-foreground">
        {known ? `This car uses ${litresText} L/100km (combined).` : `Based on ${litresText} L/100km, as this car's fuel use is not known.`}
      </p>
      <p className="mt-2 text-lg" role="status" aria-live="polite">
        {cost === null ? (
          'Enter a fuel price and distance to see the cost.'
        ) : (
          <>
            Estimated fuel cost: <strong data-testid="fuel-cost">{money.format(cost)}</strong>
          </>
        )}
      </p>
    </section>
  )
}
