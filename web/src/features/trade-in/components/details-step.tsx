import { Checkbox } from '@/components/ui/checkbox'
import { FormField, fieldA11y } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import type { FieldErrors } from 'react-hook-form'
import type { Dealership } from '@/lib/api'
import type { TradeInValues } from '../lib/flow'
import { errorText, type TargetCar, type TradeInForm } from './use-trade-in-flow'

type Props = {
  id: string
  form: TradeInForm
  errors: FieldErrors<TradeInValues>
  targetCar?: TargetCar
  // The site's dealerships, when the buyer picks a preferred one.
  dealerships: Dealership[] | null
  needTerms: boolean
}

// DetailsStep asks for the buyer's contact details, the preferred
// dealership and the terms where the site needs them.
export function DetailsStep({ id, form, errors, targetCar, dealerships, needTerms }: Props) {
  const err = (k: keyof TradeInValues) => errorText(errors, k)
  const field = { form, err }
  return (
    <>
      {targetCar && (
        <p className="text-sm text-muted-foreground">
          Trading in towards the <strong className="text-foreground">{targetCar.name}</strong>.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <ContactInput id={`${id}-name`} label="First Name" field="name" auto="given-name" required {...field} />
        <ContactInput id={`${id}-last`} label="Last Name" field="last_name" auto="family-name" {...field} />
        <ContactInput id={`${id}-email`} label="Email" field="email" auto="email" type="email" required {...field} />
        <ContactInput id={`${id}-phone`} label="Mobile" field="phone" auto="tel" type="tel" required {...field} />
        <ContactInput id={`${id}-postcode`} label="Postcode" field="postcode" auto="postal-code" max={4} {...field} />
        {dealerships && (
          <FormField id={`${id}-dealership`} label="Preferred Dealership" error={err('dealership_slug')} required>
            <Select
              {...fieldA11y(`${id}-dealership`, err('dealership_slug'), true)}
              {...form.register('dealership_slug')}
            >
              <option value="">Select a Preferred Dealership</option>
              {dealerships.map((d) => (
                <option key={d.slug} value={d.slug}>
                  {d.name}
                </option>
              ))}
            </Select>
          </FormField>
        )}
      </div>
      {needTerms && (
        <div>
          <label className="flex items-start gap-2 text-sm">
            <Checkbox
              aria-invalid={err('terms') ? true : undefined}
              aria-describedby={err('terms') ? `${id}-terms-error` : undefined}
              {...form.register('terms')}
            />
            <span>
              I agree to the{' '}
              <a href="/terms-and-conditions" className="underline">
                terms of use
              </a>
              .
            </span>
          </label>
          {err('terms') && (
            <p id={`${id}-terms-error`} className="mt-1 text-sm text-destructive">
              {err('terms')}
            </p>
          )}
        </div>
      )}
    </>
  )
}

function ContactInput({
  id,
  label,
  field,
  auto,
  type = 'text',
  required,
  max,
  form,
  err,
}: {
  id: string
  label: string
  field: 'name' | 'last_name' | 'email' | 'phone' | 'postcode'
  auto: string
  type?: string
  required?: boolean
  max?: number
  form: TradeInForm
  err: (k: keyof TradeInValues) => string | undefined
}) {
  return (
    <FormField id={id} label={label} error={err(field)} required={required}>
      <Input
        {...fieldA11y(id, err(field), required)}
        type={type}
        autoComplete={auto}
        placeholder={label}
        maxLength={max}
        inputMode={field === 'postcode' ? 'numeric' : undefined}
        {...form.register(field)}
      />
    </FormField>
  )
}
