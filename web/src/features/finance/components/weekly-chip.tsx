import type { Site } from '@/lib/api'
import { cn } from '@/lib/utils'
import { useYouxQuote } from '../api/youx-quote'
import { ENQUIRE_TEXT, ENQUIRE_THRESHOLD, dollars } from '../lib/maths'
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
export function WeeklyChip({ car, site, className }: WeeklyChipProps) {
  const on = site.features.weekly_finance_chip
  const quote = useYouxQuote(car, on && site.features.youx_quote)
  if (!on) return null
  const weekly = weeklyAmount(car, quote)
  if (weekly === null) return null
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full bg-primary px-3 py-1 text-sm font-semibold text-primary-foreground',
        className,
      )}
    >
      {weekly <= ENQUIRE_THRESHOLD || car.finance_estimate?.enquire ? ENQUIRE_TEXT : `Only ${dollars(weekly)} /wk*`}
    </span>
  )
}
