import type { Site } from '@/lib/api'
import { cn } from '@/lib/utils'
import { useYouxQuote } from '../api/youx-quote'
import { ENQUIRE_TEXT, ENQUIRE_THRESHOLD, dollars } from '../lib/maths'
import type { FinanceCar } from '../types'
import { FinanceEstimate } from './finance-estimate'

export interface CarFinanceProps {
  car: FinanceCar
  site: Site
  className?: string
}

// CarFinance is the vehicle sidebar's finance block: the car's estimate
// when its lender qualifies, otherwise the indicative credit-check quote on
// sites with features.youx_quote. The quote is asked for exactly as docs/behaviour/README.md
// section 7 says: the feature on, no quote on the car yet and a price above
// 0 (whether or not an estimate shows); a failure shows nothing.
export function CarFinance({ car, site, className }: CarFinanceProps) {
  const quote = useYouxQuote(car, site.features.youx_quote)
  const quoted = quote && quote.weeklyRepaymentAmount > 0 ? quote : null
  const weekly = quoted ? Math.ceil(quoted.weeklyRepaymentAmount - 1e-9) : 0
  if (car.finance_estimate) {
    return (
      <div className={cn('grid gap-2', className)}>
        <FinanceEstimate estimate={car.finance_estimate} />
        {quoted && !(car.finance_estimate.enquire && weekly <= ENQUIRE_THRESHOLD) && (
          // The lender's estimate leads; the credit-check quote is a second
          // opinion beneath it, left out when both would only say 'Enquire for Finance'.
          <p className="px-1 text-sm text-muted-foreground" data-testid="youx-quote">
            Credit-check quote:{' '}
            {weekly <= ENQUIRE_THRESHOLD
              ? ENQUIRE_TEXT
              : `${dollars(weekly)} per week* at ${Number(quoted.advertisedRate.toFixed(2))}% p.a. (${Number(quoted.comparisonRate.toFixed(2))}% p.a. comparison rate) for a great credit history`}
          </p>
        )}
      </div>
    )
  }
  if (!quoted) return null
  return (
    <div className={cn('rounded-lg border border-border p-4', className)} data-testid="youx-quote">
      {weekly <= ENQUIRE_THRESHOLD ? (
        <p className="text-xl font-bold">{ENQUIRE_TEXT}</p>
      ) : (
        <p>
          <span className="text-2xl font-bold tabular-nums">{dollars(weekly)}</span>{' '}
          <span className="text-sm">per week* indicative quote over 5 years</span>
        </p>
      )}
      <p className="mt-1 text-sm text-muted-foreground">
        {Number(quoted.advertisedRate.toFixed(2))}% p.a. advertised rate, {Number(quoted.comparisonRate.toFixed(2))}% p.a.
        comparison rate, for a great credit history
      </p>
      <p className="mt-2 text-xs text-muted-foreground">
        This repayment is indicative only and is not a binding quote. Finance is available to approved applicants only.
      </p>
    </div>
  )
}
