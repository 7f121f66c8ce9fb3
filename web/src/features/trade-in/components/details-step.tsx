import { Checkbox } from '@/components/ui/checkbox'
import { FormField, fieldA11y } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import type { Dealership } from '@/lib/api'
import type { Contact, Errors } from '../lib/flow'
import type { TargetCar } from './use-trade-in-flow'

type Props = {
  id: string
  contact: Contact
  setContact: (c: Contact) => void
  errors: Errors
  targetCar?: TargetCar
  // The site's dealerships, when the buyer picks a preferred one.
  dealerships: Dealership[] | null
  needTerms: boolean
}

// DetailsStep asks for the buyer's contact details, the preferred
// dealership and the terms where the site needs them.
export function DetailsStep({ id, contact, setContact, errors, targetCar, dealerships, needTerms }: Props) {
  const err = (k: string) => errors[k]
  const field = { contact, setContact, err }
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
              value={contact.dealership_slug}
              onChange={(e) => setContact({ ...contact, dealership_slug: e.target.value })}
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
              checked={contact.terms}
              aria-invalid={err('terms') ? true : undefined}
              aria-describedby={err('terms') ? `${id}-terms-error` : undefined}
              onChange={(e) => setContact({ ...contact, terms: e.target.checked })}
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
  contact,
  setContact,
  err,
}: {
  id: string
  label: string
  field: 'name' | 'last_name' | 'email' | 'phone' | 'postcode'
  auto: string
  type?: string
  required?: boolean
  max?: number
  contact: Contact
  setContact: (c: Contact) => void
  err: (k: string) => string | undefined
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
        value={contact[field]}
        onChange={(e) => setContact({ ...contact, [field]: e.target.value })}
      />
    </FormField>
  )
}
