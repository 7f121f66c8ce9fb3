import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { MockInstance } from 'vitest'
import type { Site } from '@/lib/api'
import { siteFixture } from '@/testing/site-fixture'
import { FinanceCalculator } from './finance-calculator'

// An independent PMT (not lib/maths) for what the screen should say.
function pmt(principal: number, annualPct: number, perYear: number, years: number, residual = 0): number {
  const n = Math.round(years * perYear)
  const r = annualPct / 100 / perYear
  const f = (1 + r) ** n
  return Math.ceil(((principal * f - residual) * r) / (f - 1))
}

function site(finance: Partial<Site['finance']> = {}): Site {
  const s = siteFixture()
  return { ...s, finance: { ...s.finance, ...finance } }
}

let fetchSpy: MockInstance<typeof fetch>
beforeEach(() => {
  fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }))
})
afterEach(() => vi.restoreAllMocks())

const repayment = () => screen.getByRole('status', { name: 'Estimated repayment' })
const amountInput = () => screen.getByRole('textbox', { name: /^(Loan amount|Purchase price)$/ })

async function typeAmount(text: string) {
  const user = userEvent.setup()
  await user.clear(amountInput())
  if (text) await user.type(amountInput(), text)
  await user.tab()
}

describe('FinanceCalculator', () => {
  it('shows the formula repayment for the site defaults', () => {
    render(<FinanceCalculator site={site()} />)
    // Fixture: $30,000 at 8.5% over 5 years, weekly.
    expect(repayment()).toHaveTextContent(`$${pmt(30000, 8.5, 52, 5)} per week*`)
    expect(repayment()).toHaveTextContent(`Total of repayments: $${(pmt(30000, 8.5, 52, 5) * 260).toLocaleString('en-AU')}`)
  })

  it('recomputes when the amount, deposit, residual and frequency change', async () => {
    const user = userEvent.setup()
    render(<FinanceCalculator site={site()} />)
    await typeAmount('$45,500')
    expect(amountInput()).toHaveValue('45,500')
    expect(repayment()).toHaveTextContent(`$${pmt(45500, 8.5, 52, 5)} per week*`)
    const deposit = screen.getByRole('textbox', { name: /Deposit or trade-in/ })
    await user.type(deposit, '5500')
    await user.tab()
    const residual = screen.getByRole('textbox', { name: /Residual repayment/ })
    await user.type(residual, '10000')
    await user.tab()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Repayment frequency' }), 'month')
    expect(repayment()).toHaveTextContent(`$${pmt(40000, 8.5, 12, 5, 10000)} per month*`)
  })

  it('follows the amount while it is typed, before the field is left', async () => {
    const user = userEvent.setup()
    render(<FinanceCalculator site={site()} />)
    await user.clear(amountInput())
    await user.type(amountInput(), '45500')
    expect(amountInput()).toHaveValue('45500')
    expect(repayment()).toHaveTextContent(`$${pmt(45500, 8.5, 52, 5)} per week*`)
    await user.tab()
    expect(amountInput()).toHaveValue('45,500')
  })

  it('moves term and interest with the keyboard', async () => {
    render(<FinanceCalculator site={site()} />)
    const term = screen.getByRole('slider', { name: 'Loan term' })
    fireEvent.keyDown(term, { key: 'ArrowRight' })
    expect(term).toHaveAttribute('aria-valuetext', '6 years')
    const interest = screen.getByRole('slider', { name: 'Interest rate' })
    fireEvent.keyDown(interest, { key: 'Home' })
    expect(interest).toHaveAttribute('aria-valuetext', '5% p.a.')
    expect(repayment()).toHaveTextContent(`$${pmt(30000, 5, 52, 6)} per week*`)
  })

  it.each([
    ['letters', 'abc', '0'],
    ['a negative number', '-500', '0'],
    ['below the minimum', '4000', '5,000'],
    ['a huge number', '999999999999999999999', '100,000'],
    ['nothing', '', '0'],
  ])('clamps %s with the help text', async (_, typed, shown) => {
    render(<FinanceCalculator site={site()} />)
    await typeAmount(typed)
    expect(amountInput()).toHaveValue(shown)
    expect(screen.getByText('Cannot be less than $5,000 or more than $250,000')).toBeInTheDocument()
    expect(amountInput()).toHaveAccessibleDescription('Cannot be less than $5,000 or more than $250,000')
    expect(document.body.textContent).not.toMatch(/NaN|Infinity/)
  })

  it('shows Enquire for Finance and hides the total at 25 or less', async () => {
    render(<FinanceCalculator site={site()} />)
    await typeAmount('0')
    expect(repayment()).toHaveTextContent('Enquire for Finance')
    expect(repayment()).not.toHaveTextContent('Total')
  })

  it('never shows NaN or Infinity for odd deposits and residuals', async () => {
    const user = userEvent.setup()
    render(<FinanceCalculator site={site()} />)
    const deposit = screen.getByRole('textbox', { name: /Deposit or trade-in/ })
    const residual = screen.getByRole('textbox', { name: /Residual repayment/ })
    for (const text of ['abc', '-5', '1e999', '99999999999999999999', '12..5', '']) {
      await user.clear(deposit)
      if (text) await user.type(deposit, text)
      await user.tab()
      await user.clear(residual)
      if (text) await user.type(residual, text)
      await user.tab()
      expect(document.body.textContent).not.toMatch(/NaN|Infinity/)
    }
    await user.clear(deposit)
    await user.type(deposit, '99999999')
    await user.tab()
    expect(deposit).toHaveValue('250,000')
  })

  it('fires event 26 once, on the first interaction', async () => {
    const user = userEvent.setup()
    render(<FinanceCalculator site={site()} car={{ id: 42, price: 30000, car_type: 'used' }} />)
    expect(fetchSpy).not.toHaveBeenCalled()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Repayment frequency' }), 'fortnight')
    await typeAmount('20000')
    fireEvent.keyDown(screen.getByRole('slider', { name: 'Loan term' }), { key: 'ArrowLeft' })
    const events = fetchSpy.mock.calls.filter((call) => call[0] === '/api/events')
    expect(events).toHaveLength(1)
    expect(JSON.parse(String((events[0]?.[1] as RequestInit).body))).toEqual({ event_id: 26, car_id: 42 })
  })

  it('only warns when the event cannot be sent', async () => {
    fetchSpy.mockRejectedValue(new TypeError('offline'))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    render(<FinanceCalculator site={site()} />)
    await typeAmount('20000')
    await waitFor(() => expect(warn).toHaveBeenCalled())
    expect(repayment()).toHaveTextContent(`$${pmt(20000, 8.5, 52, 5)} per week*`)
  })

  it('follows the site config: hidden frequency, locked interest, term list, fees and purchase price', () => {
    render(
      <FinanceCalculator
        site={site({
          hide_frequency: true,
          interest_locked: true,
          term_options: [1, 3, 5, 7],
          default_term: 5,
          establishment_fee: 395,
          purchase_price: true,
          quick_picks: [300000, 400000, 500000, 600000, 700000, 800000],
          fees: [
            { label: 'Vehicle security registration', amount: 6, per: 'loan' },
            { label: 'Monthly account administration', amount: 8, per: 'month' },
            { label: 'Dealer agency', amount: 912.25, per: 'loan' },
          ],
        })}
      />,
    )
    expect(screen.queryByRole('combobox', { name: 'Repayment frequency' })).toBeNull()
    expect(screen.getByRole('slider', { name: 'Interest rate' })).toHaveAttribute('data-disabled')
    const term = screen.getByRole('slider', { name: 'Loan term' })
    fireEvent.keyDown(term, { key: 'ArrowRight' })
    expect(term).toHaveAttribute('aria-valuetext', '7 years')
    expect(screen.getByRole('textbox', { name: 'Purchase price' })).toBeInTheDocument()
    const picks = within(screen.getByRole('group', { name: 'Quick purchase price picks' })).getAllByRole('button')
    expect(picks.map((b) => b.textContent)).toEqual(['$300,000', '$400,000', '$500,000', '$600,000', '$700,000', '$800,000'])
    const fees = screen.getByRole('heading', { name: 'Fees' }).parentElement as HTMLElement
    // The establishment fee is part of the amount financed, shown with it.
    expect(fees).not.toHaveTextContent('Establishment fee')
    expect(document.querySelector('[data-loan-facts]')).toHaveTextContent('Establishment fee+$395Amount financed$30,395')
    expect(fees).toHaveTextContent('Monthly account administration$8 per month')
    expect(fees).toHaveTextContent('Dealer agency$912.25')
    // $30,000 + $395 over 7 years weekly; total adds $6 + $912.25 + $8 × 84.
    const r = pmt(30395, 8.5, 52, 7)
    expect(repayment()).toHaveTextContent(`$${r} per week*`)
    const total = r * 364 + 6 + 912.25 + 8 * 84
    expect(repayment()).toHaveTextContent(`$${total.toLocaleString('en-AU', { maximumFractionDigits: 2 })}`)
  })

  it("quotes the provider's comparison rate range when configured", () => {
    render(<FinanceCalculator site={site({ comparison_rate_range: { from: 8.38, to: 19.42 } })} />)
    expect(screen.getByText('Comparison rates from 8.38% to 19.42% p.a.')).toBeInTheDocument()
  })

  it('a quick pick above the maximum clamps to it', async () => {
    const user = userEvent.setup()
    render(<FinanceCalculator site={site({ quick_picks: [150000] })} />)
    await user.click(screen.getByRole('button', { name: '$150,000' }))
    expect(amountInput()).toHaveValue('100,000')
    expect(screen.getByText('Cannot be less than $5,000 or more than $250,000')).toBeInTheDocument()
  })

  it('starts from the car estimate rate and deposit, and the 1.05 × price maximum', async () => {
    render(
      <FinanceCalculator
        site={site({ price_based_max: true, amount_from_price: true })}
        car={{
          id: 7,
          price: 180000,
          car_type: 'new',
          finance_estimate: {
            provider: 'Manual', lender_key: 'manual', lender: 'Toyota Finance', frequency: 'week', amount: 500,
            weekly: 500, monthly: 2100, enquire: false, interest_rate: 6.5, comparison_rate: 8.1, term_years: 5,
            deposit: 18000, balloon: 0, establishment_fee: 0, price: 180000, amount_financed: 162000, total_repayments: 130000,
            dealer: '', text: '', disclaimer: '', indicative: '',
          },
        }}
      />,
    )
    // 1.05 × 180000 = 189000 is the maximum; the price starts inside it.
    expect(amountInput()).toHaveValue('180,000')
    expect(screen.getByRole('slider', { name: 'Interest rate' })).toHaveAttribute('aria-valuetext', '6.5% p.a.')
    expect(repayment()).toHaveTextContent(`$${pmt(162000, 6.5, 52, 5)} per week*`)
    await typeAmount('200000')
    expect(amountInput()).toHaveValue('189,000')
  })
  it("starts from the car's price and every term of its estimate, so both show the same figure", () => {
    const weekly = pmt(30000 - 3000 + 395, 4.99, 52, 5, 9000)
    render(
      <FinanceCalculator
        site={site({
          amount_from_price: true,
          amount: { min: 5000, max: 25000, step: 500 },
          interest: { min: 7.5, max: 14.5, step: 0.5 },
          default_frequency: 'fortnight',
          default_term: 7,
          establishment_fee: 1300,
        })}
        car={{
          id: 8,
          price: 30000,
          car_type: 'used',
          finance_estimate: {
            provider: 'Manual', lender_key: 'manual', lender: 'Toyota Finance', frequency: 'week', amount: weekly,
            weekly, monthly: 0, enquire: false, interest_rate: 4.99, comparison_rate: 6.1, term_years: 5,
            deposit: 3000, balloon: 9000, establishment_fee: 395, price: 30000, amount_financed: 27395, total_repayments: 260 * weekly + 9000,
            dealer: '', text: '', disclaimer: '', indicative: '',
          },
        }}
      />,
    )
    // The price is above the site's usual maximum and still the start.
    expect(amountInput()).toHaveValue('30,000')
    expect(screen.getByRole('slider', { name: 'Interest rate' })).toHaveAttribute('aria-valuetext', '4.99% p.a.')
    expect(screen.getByRole('slider', { name: 'Loan term' })).toHaveAttribute('aria-valuetext', '5 years')
    expect(screen.getByRole('textbox', { name: /Residual repayment/ })).toHaveValue('9,000')
    expect(repayment()).toHaveTextContent(`$${weekly} per week*`)
  })
})
