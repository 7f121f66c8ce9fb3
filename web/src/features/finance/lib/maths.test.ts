// @vitest-environment node
// The shared vectors: the same file the Go package checks, so the two
// implementations cannot drift.
import raw from '../../../../../internal/finance/testdata/vectors.json?raw'
import {
  amountHelp,
  calculate,
  clampRange,
  dollars,
  parseAmount,
  type AmountInput,
  type AmountRules,
  type Loan,
  type Quote,
} from './maths'

interface Vectors {
  repayment: { name: string; provider: string; loan: Loan; want: Quote }[]
  amount: { name: string; raw: string; rules: AmountRules; price: number; want: AmountInput }[]
  range: { name: string; value: number; min: number; max: number; want: number }[]
  amount_help: { min: number; want: string }[]
  dollars: { value: number; want: string }[]
}

const v = JSON.parse(raw) as Vectors

describe('finance vectors shared with Go', () => {
  it('has at least 40 repayment vectors covering every provider, frequency and rounding', () => {
    expect(v.repayment.length).toBeGreaterThanOrEqual(40)
    const providers = new Set(v.repayment.map((c) => c.provider))
    for (const p of ['Taurus', 'Car Clarity', 'Powertorque', 'AusLoans', 'Angle', '360 Finance', 'Nissan Finance', 'Manual']) {
      expect(providers).toContain(p)
    }
    expect(new Set(v.repayment.map((c) => c.loan.frequency))).toEqual(new Set(['week', 'fortnight', 'month']))
    expect(new Set(v.repayment.map((c) => c.loan.rounding))).toEqual(new Set(['up', 'nearest']))
  })

  it.each(v.repayment.map((c) => [c.name, c] as const))('repayment: %s', (_, c) => {
    const got = calculate(c.loan)
    expect(got.repayment).toBe(c.want.repayment)
    expect(got.enquire).toBe(c.want.enquire)
    expect(got.financed).toBe(c.want.financed)
    if (c.want.repayments === null) expect(got.repayments).toBeNull()
    else expect(got.repayments).toBeCloseTo(c.want.repayments, 2)
    if (c.want.total === null) expect(got.total).toBeNull()
    else expect(got.total).toBeCloseTo(c.want.total, 2)
  })

  it.each(v.amount.map((c) => [c.name, c] as const))('amount: %s', (_, c) => {
    expect(parseAmount(c.raw, c.rules, c.price)).toEqual(c.want)
  })

  it.each(v.range.map((c) => [c.name, c] as const))('range: %s', (_, c) => {
    expect(clampRange(c.value, c.min, c.max)).toBe(c.want)
  })

  it('formats the help text and dollars', () => {
    for (const c of v.amount_help) expect(amountHelp(c.min)).toBe(c.want)
    for (const c of v.dollars) expect(dollars(c.value)).toBe(c.want)
  })
})

describe('no NaN or Infinity', () => {
  it('answers finite numbers for odd input', () => {
    const odd = [0, -1, NaN, Infinity, -Infinity, 1e308, -1e308]
    for (const a of odd)
      for (const i of odd)
        for (const t of odd) {
          const q = calculate({ amount: a, interest: i, term: t, residual: a, deposit: i, frequency: 'bogus' })
          expect(Number.isFinite(q.repayment)).toBe(true)
          if (q.total !== null) expect(Number.isFinite(q.total)).toBe(true)
        }
  })
})

// The NZ buyer's complaint: $48,990 with $4,899 deposit and a $14,697 final
// payment at 11.5 % read 'Loan amount $48,990' and a total of $47,320.
describe('the summary of one loan', () => {
  it('takes the deposit off the amount financed and adds the final payment to the total', () => {
    const loan: Loan = { amount: 48990, deposit: 4899, residual: 14697, interest: 11.5, term: 5, frequency: 'week' }
    const q = calculate(loan)
    expect(q.financed).toBe(48990 - 4899)
    expect(q.repayments).toBe(260 * q.repayment + 14697)
    expect(q.total).toBe(q.repayments)
    expect(q.total!).toBeGreaterThan(q.financed)
    // Fees are on top of the repayments, never in place of the final payment.
    const withFees = calculate({ ...loan, fees: [{ label: 'Dealer agency', amount: 912.25 }] })
    expect(withFees.repayments).toBe(q.repayments)
    expect(withFees.total).toBeCloseTo(q.repayments! + 912.25, 2)
  })
})
