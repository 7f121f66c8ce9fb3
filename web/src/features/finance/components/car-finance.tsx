import type { Site } from '@/lib/api'
import { cn } from '@/lib/utils'
import { useYouxQuote } from '../api/youx-quote'
import { useCarLoan } from '../lib/car-loan'
import { ENQUIRE_TEXT, ENQUIRE_THRESHOLD, dollars } from '../lib/maths'
import type { FinanceCar } from '../types'
import { FinanceEstimate } from './finance-estimate'

export interface CarFinanceProps {
  car: FinanceCar
  site: Site
  className?: string
}

// CarFinance is the vehicle sidebar's finance block: the car's estimate
// when its lender qualifies, on the loan the whole page shares
// (lib/car-loan), otherwise the indicative credit-check quote on sites with
// features.youx_quote. The credit-check quote is never shown beneath a
// lender's estimate: it prices a different loan (the whole price, no
// deposit or final payment, a rate for a credit history) and beside the
// estimate's figure it reads as a contradiction, two rates and two
// repayments for one car (docs/behaviour/constants.md#finance-summary).
export function CarFinance({ car, site, className }: CarFinanceProps) {
  const summary = useCarLoan(car, site)
  const quote = useYouxQuote(car, site.features.youx_quote)
  if (car.finance_estimate) {
    return <FinanceEstimate estimate={car.finance_estimate} summary={summary} className={className} />
  }
  const quoted = quote && quote.weeklyRepaymentAmount > 0 ? quote : null
  if (!quoted) return null
  const weekly = Math.ceil(quoted.weeklyRepaymentAmount - 1e-9)
  return (
    <div className={cn('rounded-lg border border-border p-4', className)} data-testid="youx-quote">
      {weekly <= ENQUIRE_THRESHOLD ? (
        <p className="text-xl font-bold">{ENQUIRE_TEXT}</p>
      ) : (
        <p>
          <span className="text-2xl font-bold tabular-nums">{dollars(weekly)}</span>{' '}
          <span className="text-sm">per week* indicative credit-check quote</span>
        </p>
      )}
      {/* The quote's own terms, stated with it: what it prices. */}
      <p className="mt-1 text-sm text-muted-foreground">
        On the {dollars(car.price)} price with no deposit and no final payment, over 5 years, at{' '}
        {Number(quoted.advertisedRate.toFixed(2))}% p.a. advertised rate, {Number(quoted.comparisonRate.toFixed(2))}% p.a.
        comparison rate, for a great credit history
      </p>
      <p className="mt-2 text-xs text-muted-foreground">
        This repayment is indicative only and is not a binding quote. Finance is available to approved applicants only.
      </p>
    </div>
  )
}
