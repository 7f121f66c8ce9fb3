import { cn } from '@/lib/utils'
import { dollars, type Loan, type Quote } from '../lib/maths'

export interface LoanFactsProps {
  loan: Loan
  quote: Quote
  // The amount's own name ('Price', 'Purchase price' or 'Loan amount').
  amountLabel?: string
  // Leave the total out where the figure beside it already states it.
  total?: boolean
  className?: string
}

// LoanFacts is the summary under a repayment figure, the same wherever the
// figure shows (docs/behaviour/constants.md#finance-summary): the amount, the
// deposit taken off it, the fee added, the amount financed, the final
// payment and the total of repayments (every repayment plus the final
// payment). The total is hidden with 'Enquire for Finance'.
export function LoanFacts({ loan, quote, amountLabel = 'Price', total = true, className }: LoanFactsProps) {
  const deposit = loan.deposit ?? 0
  const fee = loan.establishment_fee ?? 0
  const residual = loan.residual ?? 0
  return (
    <dl className={cn('grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 text-sm', className)} data-loan-facts>
      <dt>{amountLabel}</dt>
      <dd className="text-right tabular-nums" data-price>
        {dollars(loan.amount)}
      </dd>
      {deposit > 0 ? (
        <>
          <dt>Deposit</dt>
          <dd className="text-right tabular-nums" data-deposit>
            −{dollars(deposit)}
          </dd>
        </>
      ) : null}
      {fee > 0 ? (
        <>
          <dt>Establishment fee</dt>
          <dd className="text-right tabular-nums" data-fee>
            +{dollars(fee)}
          </dd>
        </>
      ) : null}
      <dt className="font-medium">Amount financed</dt>
      <dd className="text-right font-medium tabular-nums" data-financed>
        {dollars(quote.financed)}
      </dd>
      {residual > 0 ? (
        <>
          <dt>Final (residual) payment</dt>
          <dd className="text-right tabular-nums" data-final>
            {dollars(residual)}
          </dd>
        </>
      ) : null}
      {total && quote.repayments != null ? (
        <>
          <dt>Total of repayments{residual > 0 ? ' incl. final payment' : ''}</dt>
          <dd className="text-right tabular-nums" data-repayments>
            {dollars(quote.repayments)}
          </dd>
        </>
      ) : null}
    </dl>
  )
}
