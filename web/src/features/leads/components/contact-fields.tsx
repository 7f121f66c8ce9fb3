import type { FieldErrors, UseFormRegister } from 'react-hook-form'
import { FormField, fieldA11y } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import type { LeadFormValues } from '../lib/schema'

type Need = 'required' | 'optional' | false

// ContactFields are the shared contact inputs of every lead form: name (or
// first name and last name), email, phone and postcode.
export function ContactFields({
  id,
  register,
  errors,
  splitName,
  lastName,
  postcode,
}: {
  id: string
  register: UseFormRegister<LeadFormValues>
  errors: FieldErrors<LeadFormValues>
  splitName: boolean
  lastName: Need
  postcode: Need
}) {
  const e = (k: keyof LeadFormValues) => errors[k]?.message as string | undefined
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField id={`${id}-name`} label={splitName ? 'First Name' : 'Name'} error={e('name')} required>
        <Input
          {...fieldA11y(`${id}-name`, e('name'), true)}
          autoComplete={splitName ? 'given-name' : 'name'}
          placeholder={splitName ? 'First Name' : 'Name'}
          {...register('name')}
        />
      </FormField>
      {lastName ? (
        <FormField id={`${id}-last-name`} label="Last Name" error={e('last_name')} required={lastName === 'required'}>
          <Input
            {...fieldA11y(`${id}-last-name`, e('last_name'), lastName === 'required')}
            autoComplete="family-name"
            placeholder="Last Name"
            {...register('last_name')}
          />
        </FormField>
      ) : null}
      <FormField id={`${id}-email`} label="Email" error={e('email')} required>
        <Input
          {...fieldA11y(`${id}-email`, e('email'), true)}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="Email"
          {...register('email')}
        />
      </FormField>
      <FormField id={`${id}-phone`} label={splitName ? 'Mobile' : 'Phone'} error={e('phone')} required>
        <Input
          {...fieldA11y(`${id}-phone`, e('phone'), true)}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={splitName ? 'Mobile' : 'Phone'}
          {...register('phone')}
        />
      </FormField>
      {postcode ? (
        <FormField id={`${id}-postcode`} label="Postcode" error={e('postcode')} required={postcode === 'required'}>
          <Input
            {...fieldA11y(`${id}-postcode`, e('postcode'), postcode === 'required')}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={4}
            placeholder="Postcode"
            {...register('postcode')}
          />
        </FormField>
      ) : null}
    </div>
  )
}
