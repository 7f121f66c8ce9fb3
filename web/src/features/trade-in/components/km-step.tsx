import { Button } from '@/components/ui/button'
import { FormField, fieldA11y } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import type { TradeInOptions } from '../api/trade-in'
import type { Errors } from '../lib/flow'
import { formatKm, KM_QUICK_PICKS, parseKm, reformatKmTyping } from '../lib/km'

type Props = {
  id: string
  options: TradeInOptions
  kmText: string
  setKmText: (t: string) => void
  errors: Errors
  setErrors: (e: Errors) => void
}

// KmStep asks for the odometer, typed or picked, and says the limits of an
// instant price.
export function KmStep({ id, options, kmText, setKmText, errors, setErrors }: Props) {
  const error = errors.km
  return (
    <>
      <FormField id={`${id}-km`} label="Odometer (kilometres)" error={error} required>
        <Input
          {...fieldA11y(`${id}-km`, error, true)}
          inputMode="numeric"
          placeholder="e.g. 45,000 kms"
          value={kmText}
          onChange={(e) => setKmText(reformatKmTyping(e.target.value))}
          onBlur={() => {
            const p = parseKm(kmText)
            if (p.km !== undefined) setKmText(formatKm(p.km))
          }}
        />
      </FormField>
      <div role="group" aria-label="Quick picks" className="flex flex-wrap gap-2">
        {KM_QUICK_PICKS.map((km) => {
          const on = parseKm(kmText).km === km
          return (
            <Button
              key={km}
              type="button"
              size="sm"
              variant={on ? 'default' : 'outline'}
              aria-pressed={on}
              onClick={() => {
                setKmText(formatKm(km))
                setErrors({})
              }}
            >
              {formatKm(km)}
            </Button>
          )
        })}
      </div>
      <p className="text-sm text-muted-foreground">
        We give instant prices for cars up to {options.max_age_years} years old and{' '}
        {options.max_km.toLocaleString('en-AU')} km.
      </p>
    </>
  )
}
