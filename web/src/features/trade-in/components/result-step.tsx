import { CheckCircle2 } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import type { TradeInValuation } from '../api/trade-in'
import { formatPrice } from '../lib/flow'

type Props = {
  valuation: TradeInValuation
  // The site's currency (its config).
  currency: string
  accepted: boolean
  submitting: boolean
  formError: string
  onAccept: () => void
  name: string
}

// ResultStep shows the price range and the Accept Offer button, or the
// Trade-in FAQ message when there is no online estimate.
export function ResultStep({ valuation: v, currency, accepted, submitting, formError, onAccept, name }: Props) {
  const carName = `${v.car.year} ${v.car.make} ${v.car.model}`
  if (!v.estimate) {
    return (
      <div role="status" className="space-y-3 rounded-lg border border-border p-5">
        <p className="font-medium">Thanks{name ? `, ${name.trim()}` : ''}. Your details have been sent to our team.</p>
        <p data-testid="trade-in-faq">{v.message}</p>
        <p className="text-sm text-muted-foreground">
          Your {carName} with {v.car.km.toLocaleString('en-AU')} km.
        </p>
      </div>
    )
  }
  return (
    <div className="space-y-4">
      <div role="status" className="rounded-lg border border-border p-5 text-center">
        <p className="text-sm text-muted-foreground">Estimated trade-in value of your {carName}</p>
        <p className="mt-1 text-3xl font-bold text-primary" data-testid="trade-in-range">
          {formatPrice(v.low ?? 0, currency)} – {formatPrice(v.high ?? 0, currency)}
        </p>
        <p className="mt-2 text-sm text-muted-foreground">
          Based on {v.comparables} comparable cars for sale, your kilometres and your condition answers. The final offer
          follows a short inspection.
        </p>
      </div>
      {formError && (
        <Alert variant="destructive">
          <AlertDescription>{formError}</AlertDescription>
        </Alert>
      )}
      {accepted ? (
        <Alert>
          <CheckCircle2 aria-hidden className="size-4" />
          <AlertTitle>Offer accepted</AlertTitle>
          <AlertDescription>Our team will be in touch shortly to inspect your car and confirm the price.</AlertDescription>
        </Alert>
      ) : (
        <Button size="lg" className="w-full" onClick={onAccept} disabled={submitting}>
          {submitting && <Spinner className="size-4" />}
          Accept Offer
        </Button>
      )}
    </div>
  )
}
