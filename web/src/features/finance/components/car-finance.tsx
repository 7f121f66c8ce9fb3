import type { Site } from '@/lib/api'
import { cn } from '@/lib/utils'
import { useYouxQuoteState } from '../api/youx-quote'
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
const placeholderQuote = { weeklyRepaymentAmount: 100, advertisedRate: 10, comparisonRate: 10 }

export function CarFinance({ car, site, className }: CarFinanceProps) {
  const summary = useCarLoan(car, site)
  const { quote, pending } = useYouxQuoteState(car, site.features.youx_quote)
  if (car.finance_estimate) {
    return <FinanceEstimate estimate={car.finance_estimate} summary={summary} className={className} />
  }
  // While the quote is asked for, its box keeps its place (drawn alike,
  // unseen), so the sidebar does not jump when it comes in.
  const quoted = quote && quote.weeklyRepaymentAmount > 0 ? quote : pending ? placeholderQuote : null
  if (!quoted) return null
  const weekly = Math.ceil(quoted.weeklyRepaymentAmount - 1e-9)
  return (
    <div
      className={cn('rounded-lg border border-border p-4', pending && 'invisible', className)}
      aria-hidden={pending || undefined}
      data-testid={pending ? undefined : 'youx-quote'}
    >
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
