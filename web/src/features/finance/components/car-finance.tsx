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
// sites with features.youx_quote (asked for once, only when the car has no
// quote yet and a price above 0; a failure shows nothing).
export function CarFinance({ car, site, className }: CarFinanceProps) {
  const quote = useYouxQuote(car, site.features.youx_quote && !car.finance_estimate)
  if (car.finance_estimate) return <FinanceEstimate estimate={car.finance_estimate} className={className} />
  if (!quote || !(quote.weeklyRepaymentAmount > 0)) return null
  const weekly = Math.ceil(quote.weeklyRepaymentAmount - 1e-9)
  return (
    <div className={cn('rounded-lg border border-border p-4', className)}>
      {weekly <= ENQUIRE_THRESHOLD ? (
        <p className="text-xl font-bold">{ENQUIRE_TEXT}</p>
      ) : (
        <p>
          <span className="text-2xl font-bold tabular-nums">{dollars(weekly)}</span>{' '}
          <span className="text-sm">per week* indicative quote over 5 years</span>
        </p>
      )}
      <p className="mt-1 text-sm text-muted-foreground">
        {Number(quote.advertisedRate.toFixed(2))}% p.a. advertised rate, {Number(quote.comparisonRate.toFixed(2))}% p.a.
        comparison rate, for a great credit history
      </p>
      <p className="mt-2 text-xs text-muted-foreground">
        This repayment is indicative only and is not a binding quote. Finance is available to approved applicants only.
      </p>
    </div>
  )
}
