import { MakeLogo } from '@/components/make-logo'
import { FormField, fieldA11y } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import { useLayoutEffect } from 'react'
import { useController, useWatch, type FieldErrors } from 'react-hook-form'
import type { TradeInOptions } from '../api/trade-in'
import type { TradeInValues } from '../lib/flow'
import { errorText, type TradeInForm } from './use-trade-in-flow'

type Props = {
  id: string
  options: TradeInOptions
  form: TradeInForm
  errors: FieldErrors<TradeInValues>
  clearInputErrors: () => void
}

// CarStep asks which vehicle: by rego and state (by the registration plate
// alone where plates are national: no states), or by make, model and year.
// noun is what the site calls it ("car", "caravan").
export function CarStep({ id, options, form, errors, clearInputErrors, noun = 'car' }: Props & { noun?: string }) {
  const withState = options.states.length > 0
  const err = (k: keyof TradeInValues) => errorText(errors, k)
  const [mode, make] = useWatch({ control: form.control, name: ['mode', 'make'] })
  // The rego is spelt in capitals as it is typed.
  const rego = useController({ control: form.control, name: 'rego' }).field
  // A rego typed before the page was hydrated reaches the form as the input
  // is taken over (lib/keep-typed), before the form's value is watched here:
  // show what the form holds.
  useLayoutEffect(() => {
    const held = form.getValues('rego')
    if (held !== rego.value) form.setValue('rego', held)
  }, [form, rego.value])
  const models = options.makes.find((m) => m.make === make)?.models ?? []
  return (
    <>
      <fieldset>
        <legend className="mb-2 text-sm font-medium">How would you like to describe your {noun}?</legend>
        <div className="flex flex-wrap gap-4">
          {(
            [
              ['rego', withState ? 'By rego and state' : 'By registration plate'],
              ['make', 'By make, model and year'],
            ] as const
          ).map(([m, label]) => (
            <label key={m} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-mode`}
                className="size-4 rounded-full accent-primary ring-1 ring-input focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                checked={mode === m}
                onChange={() => {
                  form.setValue('mode', m)
                  clearInputErrors()
                }}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {mode === 'rego' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${id}-rego`} label={withState ? 'Rego' : 'Registration plate'} error={err('rego')} required>
            <Input
              {...fieldA11y(`${id}-rego`, err('rego'), true)}
              autoCapitalize="characters"
              placeholder="e.g. ABC123"
              maxLength={12}
              name={rego.name}
              ref={rego.ref}
              value={rego.value}
              onChange={(e) => rego.onChange(e.target.value.toUpperCase())}
              onBlur={rego.onBlur}
            />
          </FormField>
          {withState && (
          <FormField id={`${id}-state`} label="State" error={err('regoState')} required>
            <Select
              {...fieldA11y(`${id}-state`, err('regoState'), true)}
              {...form.register('regoState')}
            >
              <option value="">Select a state</option>
              {options.states.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </Select>
          </FormField>
          )}
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${id}-make`} label="Make" error={err('make')} required>
            <div className="flex items-center gap-2">
              <div className="min-w-0 flex-1">
                <Select
                  {...fieldA11y(`${id}-make`, err('make'), true)}
                  {...form.register('make', { onChange: () => form.setValue('model', '') })}
                >
                  <option value="">Select a make</option>
                  {options.makes.map((m) => (
                    <option key={m.make} value={m.make}>
                      {m.make}
                    </option>
                  ))}
                </Select>
              </div>
              {/* The chosen make's logo: its wordmark, or a monogram for a make the demo draws none for. */}
              {make ? <MakeLogo key={make} make={make} size={40} /> : null}
            </div>
          </FormField>
          <FormField id={`${id}-model`} label="Model" error={err('model')} required>
            {/* A make the stock does not hold lists no models: type it. */}
            {make && models.length === 0 ? (
              <Input
                {...fieldA11y(`${id}-model`, err('model'), true)}
                placeholder="e.g. Giulia"
                maxLength={60}
                {...form.register('model')}
              />
            ) : (
              <Select
                {...fieldA11y(`${id}-model`, err('model'), true)}
                disabled={!make}
                {...form.register('model')}
              >
                <option value="">{make ? 'Select a model' : 'Choose a make first'}</option>
                {models.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField id={`${id}-year`} label="Year" error={err('year')} required>
            <Select
              {...fieldA11y(`${id}-year`, err('year'), true)}
              {...form.register('year')}
            >
              <option value="">Select a year</option>
              {options.years.map((y) => (
                <option key={y} value={String(y)}>
                  {y}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField id={`${id}-badge`} label="Badge (optional)">
            <Input
              id={`${id}-badge`}
              placeholder="e.g. Ascent Sport"
              maxLength={80}
              {...form.register('badge')}
            />
          </FormField>
        </div>
      )}
    </>
  )
}
