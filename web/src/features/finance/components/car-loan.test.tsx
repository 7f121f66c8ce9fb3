import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { Site } from '@/lib/api'
import { siteFixture } from '@/testing/site-fixture'
import { CarLoanScope } from '../lib/car-loan'
import type { FinanceCar, FinanceEstimateData } from '../types'
import { CarFinance } from './car-finance'
import { FinanceCalculator } from './finance-calculator'
import { WeeklyChip } from './weekly-chip'

// An independent PMT with a final payment (not lib/maths), rounded up.
function pmt(principal: number, annualPct: number, perYear: number, years: number, residual = 0): number {
  const n = Math.round(years * perYear)
  const r = annualPct / 100 / perYear
  const f = (1 + r) ** n
  return Math.ceil(((principal * f - residual) * r) / (f - 1) - 1e-9)
}
const money = (n: number) => `$${n.toLocaleString('en-AU', { maximumFractionDigits: 2 })}`

// The NZ car of the buyer's complaint: $48,990 with the lender's 10 %
// deposit and 30 % final payment at 11.5 % over 5 years.
const weekly = pmt(48990 - 4899, 11.5, 52, 5, 14697)
const estimate: FinanceEstimateData = {
  provider: 'Manual', lender_key: 'manual', lender: 'Southern Alps Finance', frequency: 'week', amount: weekly, weekly,
  monthly: 0, enquire: false, interest_rate: 11.5, comparison_rate: 13.2, term_years: 5, deposit: 4899, balloon: 14697,
  establishment_fee: 0, price: 48990, amount_financed: 44091, total_repayments: 260 * weekly + 14697,
  dealer: 'Southern Alps Motors Christchurch',
  text: 'per week* for used X-Trail with Southern Alps Finance at Southern Alps Motors Christchurch',
  disclaimer: '', indicative: 'This repayment is indicative only and is not a binding quote.',
}
const car: FinanceCar = { id: 400185, price: 48990, car_type: 'used', model: 'X-Trail', finance_estimate: estimate }

function site(): Site {
  const s = siteFixture()
  return {
    ...s,
    features: { ...s.features, weekly_finance_chip: true, youx_quote: false },
    finance: { ...s.finance, amount_from_price: true, interest: { min: 5.5, max: 19.5, step: 0.5 } },
  }
}

function page() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const s = site()
  render(
    <QueryClientProvider client={client}>
      <CarLoanScope>
        <aside data-testid="side">
          <WeeklyChip car={car} site={s} />
          <CarFinance car={car} site={s} />
        </aside>
        <FinanceCalculator car={car} site={s} />
      </CarLoanScope>
    </QueryClientProvider>,
  )
}

const headline = () => screen.getByTestId('finance-headline')
const calculator = () => screen.getByRole('region', { name: 'Finance Calculator' })
const facts = (el: HTMLElement) => el.querySelector('[data-loan-facts]') as HTMLElement
const text = (el: HTMLElement, sel: string) => el.querySelector(sel)?.textContent ?? ''

describe('one loan on the car page (docs/behaviour/constants.md#finance-summary)', () => {
  beforeEach(() => vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 })))
  afterEach(() => vi.restoreAllMocks())

  it('shows the estimate, the amount financed net of the deposit and a total with the final payment', () => {
    page()
    expect(text(headline(), '[data-repayment]')).toBe(money(weekly))
    expect(text(facts(headline()), '[data-financed]')).toBe('$44,091')
    expect(text(facts(headline()), '[data-repayments]')).toBe(money(260 * weekly + 14697))
    expect(Number(text(facts(headline()), '[data-repayments]').replace(/[$,]/g, ''))).toBeGreaterThan(44091)
    expect(headline()).toHaveTextContent('at Southern Alps Motors Christchurch')
    expect(text(calculator(), '[data-repayment]')).toBe(money(weekly))
    expect(text(facts(calculator()), '[data-financed]')).toBe('$44,091')
    expect(text(calculator(), '[data-total]')).toBe(money(260 * weekly + 14697))
  })

  it('moves the headline, chip and both summaries together when the buyer sets a deposit and final payment', async () => {
    page()
    const user = userEvent.setup()
    const calc = within(calculator())
    await user.clear(calc.getByRole('textbox', { name: /Deposit or trade-in/ }))
    await user.type(calc.getByRole('textbox', { name: /Deposit or trade-in/ }), '10000')
    await user.clear(calc.getByRole('textbox', { name: /Residual repayment/ }))
    await user.type(calc.getByRole('textbox', { name: /Residual repayment/ }), '12000')
    await user.tab()
    const r = pmt(38990, 11.5, 52, 5, 12000)
    const total = money(260 * r + 12000)
    expect(text(calculator(), '[data-repayment]')).toBe(money(r))
    expect(text(calculator(), '[data-total]')).toBe(total)
    expect(text(facts(calculator()), '[data-financed]')).toBe('$38,990')
    expect(text(headline(), '[data-repayment]')).toBe(money(r))
    expect(text(facts(headline()), '[data-financed]')).toBe('$38,990')
    expect(text(facts(headline()), '[data-deposit]')).toBe('−$10,000')
    expect(text(facts(headline()), '[data-final]')).toBe('$12,000')
    expect(text(facts(headline()), '[data-repayments]')).toBe(total)
    expect(within(screen.getByTestId('side')).getByText(`Only ${money(r)} /wk*`)).toBeInTheDocument()

    // Another frequency: the headline says it too.
    await user.selectOptions(calc.getByRole('combobox', { name: 'Repayment frequency' }), 'month')
    const m = pmt(38990, 11.5, 12, 5, 12000)
    expect(text(headline(), '[data-repayment]')).toBe(money(m))
    expect(headline()).toHaveTextContent('per month* for used X-Trail')
    expect(text(facts(headline()), '[data-repayments]')).toBe(money(60 * m + 12000))
  })
})
