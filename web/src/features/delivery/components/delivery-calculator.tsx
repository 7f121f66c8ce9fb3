import { zodResolver } from '@hookform/resolvers/zod'
import { Loader2, Truck } from 'lucide-react'
import { useId, type ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { ApiError } from '@/lib/api'
import { leadMessages } from '@/lib/lead-messages'
import { postcodePattern } from '@/lib/lead-rules'
import { z } from '@/lib/zod'
import { useDeliveryQuote } from '../api/get-delivery-quote'

// docs/behaviour/errors.md messages.
export const MSG_EMPTY_POSTCODE = 'Please enter a postcode.'
export const MSG_POSTCODE_FORMAT = leadMessages.postcode
export const MSG_NO_ESTIMATE =
  "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote."

const inputClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-base text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[invalid=true]:border-destructive'

const schema = z.object({
  postcode: z.string().trim().min(1, MSG_EMPTY_POSTCODE).regex(postcodePattern, MSG_POSTCODE_FORMAT),
})
type Values = z.infer<typeof schema>

const price = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD', maximumFractionDigits: 0 })

export interface DeliveryCalculatorProps {
  // The car (or its slug): its location is where delivery starts.
  car: string | { slug: string }
  // When a postcode gets no price online, the way to ask the dealer about
  // delivery there (e.g. the car's enquiry with the postcode in its
  // message). Fallback: a link to the contact page.
  askDealer?: (postcode: string) => ReactNode
}


// DeliveryCalculator prices delivery of the car to a postcode
// (docs/behaviour/states.md#delivery-calculator: idle, loading, result or
// error).
export function DeliveryCalculator({ car, askDealer }: DeliveryCalculatorProps) {
  const id = useId()
  // A react-hook-form form checked by zod, as every form is. The field is
  // uncontrolled and has no default, so a postcode typed before the page
  // was hydrated is read as it stands.
  const form = useForm<Values>({ resolver: zodResolver(schema) })
  const localError = form.formState.errors.postcode?.message ?? ''
  const quote = useDeliveryQuote(typeof car === 'string' ? car : car.slug)
  const submit = form.handleSubmit(
    ({ postcode }) => quote.mutate(postcode),
    () => quote.reset(),
  )
  const field = form.register('postcode', { onChange: () => form.clearErrors('postcode') })

  const serverError = quote.error
    ? quote.error instanceof ApiError && quote.error.code !== 'internal'
      ? quote.error.message
      : MSG_NO_ESTIMATE
    : ''
  const error = localError || serverError
  // No price for this postcode (beyond the zones, or not one we can place):
  // the buyer can still ask the dealer about delivering there.
  const asked = quote.variables ?? ''
  const canAsk = !localError && asked !== '' && quote.error instanceof ApiError && quote.error.status === 404
  const fieldError = localError || (quote.error instanceof ApiError && quote.error.code === 'invalid' ? serverError : '')

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-border bg-background p-4 sm:p-6">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold">
        <Truck aria-hidden className="size-5 text-primary" /> Delivery Calculator
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">Enter your postcode to see what delivery to your door costs.</p>
      <form className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-start" onSubmit={(e) => void submit(e)} noValidate>
        <div className="flex-1">
          <label htmlFor={`${id}-postcode`} className="sr-only">
            Postcode
          </label>
          <input
            {...field}
            id={`${id}-postcode`}
            className={inputClass}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={4}
            placeholder="Postcode"
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${id}-error` : undefined}
          />
        </div>
        <Button type="submit" disabled={quote.isPending}>
          {quote.isPending && <Loader2 aria-hidden className="animate-spin" />}
          {quote.isPending ? 'Calculating…' : 'Calculate'}
        </Button>
      </form>
      <div role="status" aria-live="polite" className="mt-3 min-h-6">
        {quote.isPending && <span className="text-sm text-muted-foreground">Working out your delivery price…</span>}
        {!quote.isPending && quote.data && !error && (
          <p>
            Delivery to {quote.variables} ({quote.data.name}):{' '}
            <strong>{quote.data.price === 0 ? 'Free' : price.format(quote.data.price)}</strong>
          </p>
        )}
      </div>
      {error && !quote.isPending && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      {canAsk && !quote.isPending && (
        <div className="mt-3">
          {askDealer ? (
            askDealer(asked)
          ) : (
            <Button asChild variant="outline">
              <a href="/contact">
                Ask about delivery to {asked}
              </a>
            </Button>
          )}
        </div>
      )}
    </section>
  )
}
