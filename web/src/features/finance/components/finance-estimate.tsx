import { useId, useState } from 'react'
import { cn } from '@/lib/utils'
import type { CarLoanSummary } from '../lib/car-loan'
import { ENQUIRE_TEXT, dollars } from '../lib/maths'
import type { FinanceEstimateData } from '../types'
import { LoanFacts } from './loan-facts'

// docs/behaviour/constants.md: the finance disclaimer is truncated at 197 characters.
export const DISCLAIMER_LIMIT = 197

export interface FinanceEstimateProps {
  estimate: FinanceEstimateData | null | undefined
  // The car's loan as the page shows it everywhere (lib/car-loan): the
  // buyer's inputs once they change the calculator. Without it, the
  // estimate's own figures.
  summary?: CarLoanSummary | null
  className?: string
}

const perText: Record<string, string> = { week: 'per week*', fortnight: 'per fortnight*', month: 'per month*' }

function pct(x: number): string {
  return `${Number(x.toFixed(2))}% p.a.`
}

// FinanceEstimate is the sidebar's estimate: the whole-dollar repayment,
// 'per week* for used Corolla with Toyota Finance at …' (the car's own
// location), the rates, the loan it repays (price, deposit, final payment,
// amount financed, total of repayments) and the lender's disclaimer behind
// 'Click for Finance Disclaimer'. Nothing shows without an estimate; 25 or
// less reads 'Enquire for Finance'.
export function FinanceEstimate({ estimate, summary, className }: FinanceEstimateProps) {
  const [open, setOpen] = useState(false)
  const [more, setMore] = useState(false)
  const panelId = useId()
  if (!estimate) return null
  const long = estimate.disclaimer.length > DISCLAIMER_LIMIT
  const disclaimer = long && !more ? `${estimate.disclaimer.slice(0, DISCLAIMER_LIMIT).trimEnd()}…` : estimate.disclaimer
  const loan = summary?.loan
  const quote = summary?.quote
  const enquire = quote ? quote.enquire : estimate.enquire
  const amount = quote ? quote.repayment : estimate.amount
  // The words after the figure follow the frequency shown.
  const frequency = loan ? String(loan.frequency) : estimate.frequency
  const text = estimate.text.replace(/^per \w+\*/, perText[frequency] ?? 'per week*')
  const rate = loan ? loan.interest : estimate.interest_rate
  const term = loan ? loan.term : estimate.term_years
  // The lender's comparison rate belongs to the lender's rate: with a rate
  // the buyer chose it would mislead, so it is left out.
  const lendersRate = Math.abs(rate - estimate.interest_rate) < 1e-9
  return (
    <div className={cn('rounded-lg border border-border p-4', className)} data-testid="finance-headline">
      {enquire ? (
        <p className="text-xl font-bold">{ENQUIRE_TEXT}</p>
      ) : (
        <p>
          <span className="text-2xl font-bold tabular-nums" data-repayment>
            {dollars(amount)}
          </span>{' '}
          <span className="text-sm">{text}</span>
        </p>
      )}
      <p className="mt-1 text-sm text-muted-foreground">
        {pct(rate)} interest rate
        {lendersRate ? `, ${pct(estimate.comparison_rate)} comparison rate` : ' (your rate)'},{' '}
        {term} year term
      </p>
      {loan && quote ? <LoanFacts loan={loan} quote={quote} className="mt-2" /> : null}
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
