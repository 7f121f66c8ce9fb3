import { useEffect, useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import { leadMessages } from '@/lib/lead-messages'
import { postcodePattern } from '@/lib/lead-rules'
import type { SearchState } from '../api/get-search'
import { clearNear, defaultDistance, distanceOptions, setNear } from '../lib/search-url'

// The postcode message of docs/behaviour/validation.md, as the server gives it
// (the lead forms' own, held to the server's by the shared vectors).
export const postcodeFormatMessage = leadMessages.postcode

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
  const [postcode, setPostcode] = useState(state.postcode ?? '')
  const [distance, setDistance] = useState(state.distance ?? defaultDistance)
  const [mistake, setMistake] = useState('')
  // Back, forward and cleared filters change the fields too.
  useEffect(() => {
    setPostcode(state.postcode ?? '')
    setDistance(state.distance ?? defaultDistance)
  }, [state.postcode, state.distance])
  const message = mistake || error
  return (
    <form
      aria-label="Distance from a postcode"
      noValidate
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault()
        const pc = postcode.trim()
        if (!postcodePattern.test(pc)) {
          setMistake(postcodeFormatMessage)
          return
        }
        setMistake('')
        onChange(setNear(state, pc, distance))
      }}
    >
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
            value={postcode}
            onChange={(e) => setPostcode(e.target.value)}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? `${id}-error` : undefined}
          />
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-distance`} className="text-sm font-medium">
            Within
          </label>
          <Select id={`${id}-distance`} value={distance} onChange={(e) => setDistance(Number(e.target.value))}>
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
