import { Button } from '@/components/ui/button'
import { FormField, fieldA11y } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { useController, type FieldErrors } from 'react-hook-form'
import type { TradeInOptions } from '../api/trade-in'
import type { TradeInValues } from '../lib/flow'
import { formatKm, KM_QUICK_PICKS, parseKm, reformatKmTyping } from '../lib/km'
import { errorText, type TradeInForm } from './use-trade-in-flow'

type Props = {
  id: string
  options: TradeInOptions
  form: TradeInForm
  errors: FieldErrors<TradeInValues>
  clearInputErrors: () => void
}

// KmStep asks for the odometer, typed or picked, and says the limits of an
// instant price. The input regroups the digits as they are typed and adds
// the suffix when it is left.
export function KmStep({ id, options, form, errors, clearInputErrors }: Props) {
  const error = errorText(errors, 'km')
  const { field } = useController({ control: form.control, name: 'km' })
  const kmText = field.value
  return (
    <>
      <FormField id={`${id}-km`} label="Odometer (kilometres)" error={error} required>
        <Input
          {...fieldA11y(`${id}-km`, error, true)}
          inputMode="numeric"
          placeholder="e.g. 45,000 kms"
          name={field.name}
          ref={field.ref}
          value={kmText}
          onChange={(e) => field.onChange(reformatKmTyping(e.target.value))}
          onBlur={() => {
            const p = parseKm(kmText)
            if (p.km !== undefined) field.onChange(formatKm(p.km))
            field.onBlur()
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
                field.onChange(formatKm(km))
                clearInputErrors()
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
