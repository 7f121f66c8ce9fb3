import { useCallback, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { ApiError } from '@/lib/api'
import { newIdempotencyKey, postLead, type LeadCreated } from '@/lib/lead-schema'
import { eventIdFor, sendEvent } from '../lib/analytics'
import type { CarSummary, LeadKind } from '../lib/kinds'
import type { LeadPayload } from '../lib/payload'
import { saveUserDetails } from '../lib/stored-details'
import { texts } from '../lib/texts'

export { postLead, type LeadCreated }

// failureMessage is what the form's alert says (docs/behaviour/errors.md): the
// server's own message for a refused lead, otherwise the generic text.
export function failureMessage(err: unknown, fallback: string = texts.genericFailure): string {
  if (err instanceof ApiError) {
    if (err.code === 'internal' && err.status !== 0) return fallback
    return err.message || fallback
  }
  if (err instanceof Error && err.message) return err.message
  return fallback
}

// SuccessState is what /success confirms: the short reference to quote,
// what was sent and asked for (a test drive's day and time), and the car.
export type SuccessState = { leadId: string; reference?: string; noun: string; carName?: string; carSlug?: string; asked?: string }

export type SubmitOptions = {
  kind: LeadKind
  car?: CarSummary
  // What was sent, for /success: 'enquiry', 'test drive request', …
  noun: string
  // Skip the move to /success (e.g. a caller that shows its own thanks).
  stay?: boolean
  onSuccess?: (created: LeadCreated) => void
}

// useSubmitLead sends a lead once per attempt: while one is in flight,
// further submits (a double click) join it instead of sending again; the
// same attempt retried after a failure reuses its Idempotency-Key. On
// success it stores the visitor's details, fires the form's analytics event
// (never blocking) and goes to /success.
export function useSubmitLead({ kind, car, noun, stay, onSuccess }: SubmitOptions) {
  const navigate = useNavigate()
  const [isSubmitting, setSubmitting] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const inFlight = useRef<Promise<LeadCreated> | null>(null)
  const attempt = useRef<{ key: string; body: string } | null>(null)
  // A form that has sent its lead sends no other: late clicks get the same answer.
  const sent = useRef<Promise<LeadCreated> | null>(null)

  const submit = useCallback(
    (payload: LeadPayload, details?: Parameters<typeof saveUserDetails>[0], asked?: string): Promise<LeadCreated> => {
      if (sent.current) return sent.current
      if (inFlight.current) return inFlight.current
      const body = JSON.stringify(payload)
      // A changed form is a new attempt; an unchanged retry keeps its key.
      if (!attempt.current || attempt.current.body !== body) attempt.current = { key: newIdempotencyKey(), body }
      const current = attempt.current
      setSubmitting(true)
      setError(null)
      const p = postLead(payload, current.key)
        .catch((e: unknown) => {
          // The key was already used for another form (one this visitor
          // sent before, under a key the browser reused): this form is a
          // new attempt under a key of its own.
          if (!(e instanceof ApiError && e.code === 'conflict')) throw e
          current.key = newIdempotencyKey()
          return postLead(payload, current.key)
        })
        .then((created) => {
          attempt.current = null
          sent.current = Promise.resolve(created)
          if (details) saveUserDetails(details)
          void sendEvent(eventIdFor(kind, car), car)
          onSuccess?.(created)
          if (!stay) {
            const state: SuccessState = {
              leadId: created.lead_id,
              reference: created.reference,
              noun,
              carName: car?.name,
              carSlug: car?.slug,
              asked,
            }
            navigate('/success', { state })
          }
          return created
        })
        .catch((e: unknown) => {
          setError(e)
          throw e
        })
        .finally(() => {
          inFlight.current = null
          setSubmitting(false)
        })
      inFlight.current = p
      return p
    },
    [kind, car, noun, stay, onSuccess, navigate],
  )

  return { submit, isSubmitting, error, clearError: () => setError(null) }
}
