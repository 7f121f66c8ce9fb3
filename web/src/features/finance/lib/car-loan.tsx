import { createContext, useContext, useMemo, useState, type ReactNode } from 'react'
import type { Site } from '@/lib/api'
import type { FinanceCar, FinanceEstimateData } from '../types'
import { calculate, feesTotal, type Frequency, type Loan, type Quote } from './maths'

// One car's loan as the buyer sees it on the car's page: the inputs the
// finance calculator holds, shared with the sidebar's estimate, the weekly
// chip and the summary under each, so all of them show one figure worked
// out once from the same inputs (docs/behaviour/constants.md#finance-summary).
export interface CarLoanInputs {
  amount: number // the price (or amount) the deposit comes off
  deposit: number
  residual: number // the final (balloon) payment
  term: number // years
  interest: number // percent per year
  frequency: Frequency
}

type Scope = { inputs: CarLoanInputs | null; setInputs: (i: CarLoanInputs) => void }

const CarLoanContext = createContext<Scope | null>(null)

// CarLoanScope holds one car page's loan inputs. Until the buyer changes
// the calculator there are none, and every part shows the car's estimate as
// the server worked it out (the same maths on the same inputs).
export function CarLoanScope({ children }: { children: ReactNode }) {
  const [inputs, setInputs] = useState<CarLoanInputs | null>(null)
  const value = useMemo(() => ({ inputs, setInputs }), [inputs])
  return <CarLoanContext.Provider value={value}>{children}</CarLoanContext.Provider>
}

// useCarLoanScope is the page's scope, or null outside a car page.
export function useCarLoanScope(): Scope | null {
  return useContext(CarLoanContext)
}

// estimateLoan is the loan the car's estimate repays: the car's price less
// the lender's deposit, the lender's final payment, term, rate, fee and
// frequency, with the site's rounding and fees.
export function estimateLoan(car: FinanceCar, est: FinanceEstimateData, site: Site, inputs?: CarLoanInputs | null): Loan {
  const base: Loan = {
    amount: car.price,
    deposit: est.deposit,
    residual: est.balloon,
    establishment_fee: est.establishment_fee,
    interest: est.interest_rate,
    term: est.term_years,
    frequency: est.frequency,
    rounding: site.finance.rounding,
    fees: site.finance.fees,
  }
  return inputs ? { ...base, ...inputs } : base
}

// CarLoanSummary is the one summary every part shows: the figure per
// frequency, the amount financed and the total of repayments (final
// payment included), plus the inputs it came from.
export interface CarLoanSummary {
  loan: Loan
  quote: Quote
  // The buyer has changed the calculator: the figures are theirs, not the
  // lender's advertised example.
  buyers: boolean
}

// useCarLoan answers the car's loan summary: the buyer's inputs when they
// have changed the calculator, else the estimate's own figures.
export function useCarLoan(car: FinanceCar, site: Site): CarLoanSummary | null {
  const scope = useCarLoanScope()
  const est = car.finance_estimate
  if (!est) return null
  const inputs = scope?.inputs ?? null
  const loan = estimateLoan(car, est, site, inputs)
  if (!inputs) {
    // The server's estimate: its figure may be the lender's own quoted
    // payment, and its total is every repayment plus the final payment.
    const repayments = est.enquire ? null : est.total_repayments
    const total = repayments === null ? null : Math.round((repayments + feesTotal(loan.fees, loan.term)) * 100) / 100
    return {
      loan,
      quote: { repayment: est.amount, financed: est.amount_financed, repayments, total, enquire: est.enquire },
      buyers: false,
    }
  }
  return { loan, quote: calculate(loan), buyers: true }
}
