import { useId, useState } from 'react'
import { cn } from '@/lib/utils'
import { ENQUIRE_TEXT, dollars } from '../lib/maths'
import type { FinanceEstimateData } from '../types'

// docs/behaviour/constants.md: the finance disclaimer is truncated at 197 characters.
export const DISCLAIMER_LIMIT = 197

export interface FinanceEstimateProps {
  estimate: FinanceEstimateData | null | undefined
  className?: string
}

// FinanceEstimate is the sidebar's estimate: the whole-dollar repayment,
// 'per week* for used Corolla with Toyota Finance at …', the rates, and the
// lender's disclaimer behind 'Click for Finance Disclaimer'. Nothing shows
// without an estimate; 25 or less reads 'Enquire for Finance'.
export function FinanceEstimate({ estimate, className }: FinanceEstimateProps) {
  const [open, setOpen] = useState(false)
  const [more, setMore] = useState(false)
  const panelId = useId()
  if (!estimate) return null
  const long = estimate.disclaimer.length > DISCLAIMER_LIMIT
  const disclaimer = long && !more ? `${estimate.disclaimer.slice(0, DISCLAIMER_LIMIT).trimEnd()}…` : estimate.disclaimer
  return (
    <div className={cn('rounded-lg border border-border p-4', className)}>
      {estimate.enquire ? (
        <p className="text-xl font-bold">{ENQUIRE_TEXT}</p>
      ) : (
        <p>
          <span className="text-2xl font-bold tabular-nums">{dollars(estimate.amount)}</span>{' '}
          <span className="text-sm">{estimate.text}</span>
        </p>
      )}
      <p className="mt-1 text-sm text-muted-foreground">
        {Number(estimate.interest_rate.toFixed(2))}% p.a. interest rate, {Number(estimate.comparison_rate.toFixed(2))}% p.a.
        comparison rate, {estimate.term_years} year term
      </p>
      <p className="mt-2 text-xs text-muted-foreground">{estimate.indicative}</p>
      {estimate.disclaimer ? (
        <div className="mt-2">
          <button
            type="button"
            className="text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((o) => !o)}
          >
            Click for Finance Disclaimer
          </button>
          {open ? (
            <div id={panelId} className="mt-1 text-xs text-muted-foreground">
              <p>{disclaimer}</p>
              {long ? (
                <button
                  type="button"
                  className="mt-1 font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  onClick={() => setMore((m) => !m)}
                >
                  {more ? 'Show Less' : 'Show More'}
                </button>
              ) : null}
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}
