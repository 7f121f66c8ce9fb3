import { zodResolver } from '@hookform/resolvers/zod'
import { Fuel } from 'lucide-react'
import { useEffect, useId } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { z } from '@/lib/zod'
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

// The figures' rules (docs/behaviour/validation.md#fuel-calculator).
const schema = z.object({
  price: z
    .string()
    .refine((v) => parseFuelPrice(v) !== null, 'Please enter the fuel price as a number, e.g. 1.70.')
    .refine((v) => (parseFuelPrice(v) ?? 0) <= MAX_FUEL_PRICE, `Please enter a fuel price of at most $${MAX_FUEL_PRICE} a litre.`),
  distance: z
    .string()
    .refine((v) => parseDistance(v) !== null, 'Please enter the distance as a number, e.g. 250 kms.')
    .refine((v) => (parseDistance(v) ?? 0) <= MAX_DISTANCE, 'Please enter a distance under 1,000,000 kms.'),
})
type Values = z.infer<typeof schema>
const defaults: Values = { price: DEFAULT_FUEL_PRICE, distance: DEFAULT_DISTANCE }

const money = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD', minimumFractionDigits: 2 })

export interface FuelCalculatorProps {
  car: FuelCar
}

// FuelCalculator estimates a trip's fuel cost for the car (docs/behaviour/validation.md,
// Fuel calculator). Electric cars burn no fuel, so it renders nothing.
export function FuelCalculator({ car }: FuelCalculatorProps) {
  const id = useId()
  // A react-hook-form form checked by zod, as every form is, answering as
  // the buyer types. The fields are uncontrolled: figures typed before the
  // page was hydrated are read as they stand.
  const form = useForm<Values>({ mode: 'onChange', resolver: zodResolver(schema), defaultValues: defaults })
  // Drawn again as the buyer types; the figures are read from the fields.
  useWatch({ control: form.control })
  // Figures typed before the page was hydrated are checked (and priced)
  // as React takes the fields over.
  useEffect(() => void form.trigger(), [form])
  if (isElectric(car)) return null

  const litres = consumptionOf(car)
  // Feeds carry float noise (7.5969999…); one decimal is how fuel use is quoted.
  const litresText = litres.toLocaleString('en-AU', { maximumFractionDigits: 1 })
  const known = typeof car.variant?.fuelconsumptioncombined === 'number' && car.variant.fuelconsumptioncombined > 0
  const priceError = form.formState.errors.price?.message ?? ''
  const distanceError = form.formState.errors.distance?.message ?? ''
  const checked = schema.safeParse(form.getValues())
  const cost = checked.success ? fuelCost(parseDistance(checked.data.distance)!, litres, parseFuelPrice(checked.data.price)!) : null

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-border bg-background p-4 sm:p-6">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold">
        <Fuel aria-hidden className="size-5 text-primary" /> Fuel Calculator
      </h2>
      <form noValidate onSubmit={(e) => e.preventDefault()} className="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-price`} className="mb-1 block text-sm font-medium">
            Fuel price (per litre)
          </label>
          <input
            {...form.register('price')}
            defaultValue={defaults.price}
            id={`${id}-price`}
            className={inputClass}
            inputMode="decimal"
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
            {...form.register('distance')}
            defaultValue={defaults.distance}
            id={`${id}-distance`}
            className={inputClass}
            inputMode="numeric"
            aria-invalid={distanceError ? true : undefined}
            aria-describedby={distanceError ? `${id}-distance-error` : undefined}
          />
          {distanceError && (
            <p id={`${id}-distance-error`} className="mt-1 text-sm text-destructive">
              {distanceError}
            </p>
          )}
        </div>
      </form>
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
