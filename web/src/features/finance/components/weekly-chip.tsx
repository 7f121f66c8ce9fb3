import type { Site } from '@/lib/api'
import { cn } from '@/lib/utils'
import { useYouxQuote } from '../api/youx-quote'
import { useCarLoan } from '../lib/car-loan'
import { ENQUIRE_TEXT, ENQUIRE_THRESHOLD, calculate, dollars } from '../lib/maths'
import type { FinanceCar } from '../types'

export interface WeeklyChipProps {
  car: FinanceCar
  site: Site
  className?: string
}

// weeklyAmount is the chip's figure: the weekly figure of the car's
// estimate (a monthly estimate has one too), else its weekly payment, else a
// credit-check quote; whole dollars, up.
export function weeklyAmount(car: FinanceCar, quote: { weeklyRepaymentAmount: number } | null): number | null {
  const est = car.finance_estimate
  const candidates = [
    est ? est.weekly : null,
    car.weekly_payment,
    quote?.weeklyRepaymentAmount,
  ]
  for (const c of candidates) {
    if (typeof c === 'number' && Number.isFinite(c) && c > 0) return Math.ceil(c - 1e-9)
  }
  return null
}

// WeeklyChip is the sidebar's 'Only $X /wk*' chip, for sites with
// features.weekly_finance_chip; 25 or less reads 'Enquire for Finance'.
// Once the buyer changes the calculator it is the weekly figure of their
// loan, as the estimate beside it is.
export function WeeklyChip({ car, site, className }: WeeklyChipProps) {
  const on = site.features.weekly_finance_chip
  const quote = useYouxQuote(car, on && site.features.youx_quote)
  const summary = useCarLoan(car, site)
  if (!on) return null
  const buyers = summary?.buyers ? calculate({ ...summary.loan, frequency: 'week' }) : null
  const weekly = buyers ? (buyers.repayment > 0 ? buyers.repayment : null) : weeklyAmount(car, quote)
  if (weekly === null) return null
  if (buyers?.enquire) {
    return (
      <span className={cn('inline-flex items-center rounded-full bg-primary px-3 py-1 text-sm font-semibold text-primary-foreground', className)}>
        {ENQUIRE_TEXT}
      </span>
    )
  }
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full bg-primary px-3 py-1 text-sm font-semibold text-primary-foreground',
        className,
      )}
    >
      {weekly <= ENQUIRE_THRESHOLD || (!buyers && car.finance_estimate?.enquire) ? ENQUIRE_TEXT : `Only ${dollars(weekly)} /wk*`}
    </span>
  )
}
