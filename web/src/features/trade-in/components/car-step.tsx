import { MakeLogo } from '@/components/make-logo'
import { FormField, fieldA11y } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import type { TradeInOptions } from '../api/trade-in'
import type { CarAnswers, Errors } from '../lib/flow'

type Props = {
  id: string
  options: TradeInOptions
  car: CarAnswers
  setCar: (c: CarAnswers) => void
  errors: Errors
  setErrors: (e: Errors) => void
}

// CarStep asks which car: by rego and state, or by make, model and year.
export function CarStep({ id, options, car, setCar, errors, setErrors }: Props) {
  const err = (k: string) => errors[k]
  const models = options.makes.find((m) => m.make === car.make)?.models ?? []
  return (
    <>
      <fieldset>
        <legend className="mb-2 text-sm font-medium">How would you like to describe your car?</legend>
        <div className="flex flex-wrap gap-4">
          {(
            [
              ['rego', 'By rego and state'],
              ['make', 'By make, model and year'],
            ] as const
          ).map(([mode, label]) => (
            <label key={mode} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-mode`}
                className="size-4 accent-primary"
                checked={car.mode === mode}
                onChange={() => {
                  setCar({ ...car, mode })
                  setErrors({})
                }}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {car.mode === 'rego' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${id}-rego`} label="Rego" error={err('rego')} required>
            <Input
              {...fieldA11y(`${id}-rego`, err('rego'), true)}
              autoCapitalize="characters"
              placeholder="e.g. ABC123"
              maxLength={12}
              value={car.rego}
              onChange={(e) => setCar({ ...car, rego: e.target.value.toUpperCase() })}
            />
          </FormField>
          <FormField id={`${id}-state`} label="State" error={err('regoState')} required>
            <Select
              {...fieldA11y(`${id}-state`, err('regoState'), true)}
              value={car.regoState}
              onChange={(e) => setCar({ ...car, regoState: e.target.value })}
            >
              <option value="">Select a state</option>
              {options.states.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </Select>
          </FormField>
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${id}-make`} label="Make" error={err('make')} required>
            <div className="flex items-center gap-2">
              <div className="min-w-0 flex-1">
                <Select
                  {...fieldA11y(`${id}-make`, err('make'), true)}
                  value={car.make}
                  onChange={(e) => setCar({ ...car, make: e.target.value, model: '' })}
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
              {car.make ? <MakeLogo key={car.make} make={car.make} size={40} /> : null}
            </div>
          </FormField>
          <FormField id={`${id}-model`} label="Model" error={err('model')} required>
            {/* A make the stock does not hold lists no models: type it. */}
            {car.make && models.length === 0 ? (
              <Input
                {...fieldA11y(`${id}-model`, err('model'), true)}
                placeholder="e.g. Giulia"
                maxLength={60}
                value={car.model}
                onChange={(e) => setCar({ ...car, model: e.target.value })}
              />
            ) : (
              <Select
                {...fieldA11y(`${id}-model`, err('model'), true)}
                value={car.model}
                disabled={!car.make}
                onChange={(e) => setCar({ ...car, model: e.target.value })}
              >
                <option value="">{car.make ? 'Select a model' : 'Choose a make first'}</option>
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
              value={car.year}
              onChange={(e) => setCar({ ...car, year: e.target.value })}
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
              value={car.badge}
              onChange={(e) => setCar({ ...car, badge: e.target.value })}
            />
          </FormField>
        </div>
      )}
    </>
  )
}
