import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useId } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import { leadMessages } from '@/lib/lead-messages'
import { postcodePattern } from '@/lib/lead-rules'
import { z } from '@/lib/zod'
import type { SearchState } from '../api/get-search'
import { clearNear, defaultDistance, distanceOptions, setNear } from '../lib/search-url'

// The postcode message of docs/behaviour/validation.md, as the server gives it
// (the lead forms' own, held to the server's by the shared vectors).
export const postcodeFormatMessage = leadMessages.postcode

const schema = z.object({
  postcode: z.string().trim().regex(postcodePattern, postcodeFormatMessage),
  distance: z.coerce.number<string | number>(),
})
type Values = z.input<typeof schema>

type Props = {
  state: SearchState
  onChange: (next: SearchState) => void
  // The server's word on the last distance search (an unknown postcode).
  error?: string
}

// NearPostcode is "Near postcode ___ within ___ km" (docs/behaviour/http.md#distance):
// it lists the cars whose location lies within the distance, each card
// saying how far away it is.
export function NearPostcode({ state, onChange, error }: Props) {
  const id = useId()
  // A react-hook-form form checked by zod, as every form is.
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { postcode: state.postcode ?? '', distance: state.distance ?? defaultDistance },
  })
  // Back, forward and cleared filters change the fields too.
  useEffect(() => {
    form.reset({ postcode: state.postcode ?? '', distance: state.distance ?? defaultDistance })
  }, [form, state.postcode, state.distance])
  const message = form.formState.errors.postcode?.message || error
  const submit = form.handleSubmit(({ postcode, distance }) => onChange(setNear(state, postcode, distance)))
  return (
    <form aria-label="Distance from a postcode" noValidate className="space-y-3" onSubmit={(e) => void submit(e)}>
      <div className="grid grid-cols-[1fr_auto] gap-2">
        <div className="space-y-1">
          <label htmlFor={`${id}-postcode`} className="text-sm font-medium">
            Near postcode
          </label>
          <Input
            id={`${id}-postcode`}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={4}
            {...form.register('postcode')}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? `${id}-error` : undefined}
          />
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-distance`} className="text-sm font-medium">
            Within
          </label>
          <Select id={`${id}-distance`} {...form.register('distance')}>
            {distanceOptions.map((km) => (
              <option key={km} value={km}>
                {km} km
              </option>
            ))}
          </Select>
        </div>
      </div>
      {message && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {message}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" size="sm">
          Search nearby
        </Button>
        {state.postcode && (
          <Button type="button" size="sm" variant="outline" onClick={() => onChange(clearNear(state))}>
            Any distance
          </Button>
        )}
      </div>
    </form>
  )
}
