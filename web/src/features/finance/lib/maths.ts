// The finance calculator's maths (docs/behaviour/validation.md and docs/behaviour/constants.md), the twin of
// internal/finance in Go. Both are checked against the same vectors
// (internal/finance/testdata/vectors.json). Every function here returns a
// finite number for any input: nothing NaN or Infinity reaches the screen.

export type Frequency = 'week' | 'fortnight' | 'month'
export type Rounding = 'up' | 'nearest'

export const frequencies: readonly { value: Frequency; label: string; perYear: number }[] = [
  { value: 'week', label: 'Weekly', perYear: 52 },
  { value: 'fortnight', label: 'Fortnightly', perYear: 26 },
  { value: 'month', label: 'Monthly', perYear: 12 },
]

// A repayment at or below this shows 'Enquire for Finance' (docs/behaviour/states.md).
export const ENQUIRE_THRESHOLD = 25
export const ENQUIRE_TEXT = 'Enquire for Finance'
export const PURCHASE_PRICE_MAX = 250000
const MAX_PERIODS = 100 * 52

export interface Fee {
  label: string
  amount: number
  per?: 'loan' | 'month' | string
}

export interface Loan {
  amount: number
  deposit?: number
  establishment_fee?: number
  residual?: number
  interest: number // percent per year
  term: number // years
  frequency: Frequency | string
  rounding?: Rounding | string
  fees?: readonly Fee[] | null
}

// Quote is what the calculator, the car's estimate and the summary under
// them show for one set of inputs (docs/behaviour/constants.md#finance-summary).
export interface Quote {
  repayment: number
  // The amount financed: amount − deposit + establishment fee, never below 0.
  financed: number
  // Every repayment plus the final (residual) payment, and that plus the
  // fees; null when the repayment is 25 or less (hidden). Never below the
  // amount financed at a rate of 0 or more.
  repayments: number | null
  total: number | null
  enquire: boolean
}

const finite = (x: unknown): number => (typeof x === 'number' && Number.isFinite(x) ? x : 0)

export function periodsPerYear(frequency: string): number {
  if (frequency === 'fortnight') return 26
  if (frequency === 'month') return 12
  return 52
}

export function principal(l: Loan): number {
  return Math.max(0, finite(l.amount) - finite(l.deposit) + finite(l.establishment_fee))
}

export function periods(l: Loan): number {
  const n = Math.round(finite(l.term) * periodsPerYear(l.frequency))
  return Math.min(MAX_PERIODS, Math.max(0, n))
}

// rawRepayment amortises the principal over the periods at
// interest/100/periods a period, leaving the residual owing at the end.
export function rawRepayment(l: Loan): number {
  const n = periods(l)
  if (n === 0) return 0
  const p = principal(l)
  const fv = Math.max(0, finite(l.residual))
  const i = finite(l.interest) / 100 / periodsPerYear(l.frequency)
  let pay: number
  if (i === 0) {
    pay = (p - fv) / n
  } else {
    const growth = Math.pow(1 + i, n)
    pay = ((p - fv / growth) * i) / (1 - 1 / growth)
  }
  return Number.isFinite(pay) && pay > 0 ? pay : 0
}

// roundRepayment: most lenders round up to the next dollar; 'nearest'
// rounds up or down by comparing the cents with a half.
export function roundRepayment(x: number, rule?: string): number {
  if (!(x > 0)) return 0
  if (rule === 'nearest') {
    const whole = Math.floor(x)
    return x - whole >= 0.5 ? whole + 1 : whole
  }
  return Math.ceil(x - 1e-9)
}

// weeklyEquivalent spreads a repayment of any frequency over the year's weeks.
export function weeklyEquivalent(repayment: number, frequency: string): number {
  return (finite(repayment) * periodsPerYear(frequency)) / 52
}

export function feesTotal(fees: readonly Fee[] | null | undefined, termYears: number): number {
  let sum = 0
  for (const f of fees ?? []) {
    sum += f.per === 'month' ? finite(f.amount) * 12 * finite(termYears) : finite(f.amount)
  }
  return sum
}

// finalPayment is the residual (balloon) paid at the end: part of the total.
export function finalPayment(l: Loan): number {
  return periods(l) === 0 ? 0 : Math.max(0, finite(l.residual))
}

// calculate is the calculator's answer (docs/behaviour/constants.md).
export function calculate(l: Loan): Quote {
  const r = roundRepayment(rawRepayment(l), l.rounding)
  const financed = Math.round(principal(l) * 100) / 100
  // docs/behaviour/states.md: the rule reads the weekly repayment in every
  // frequency, so a $108 month (under $25 a week) is 'Enquire for Finance'.
  if (weeklyEquivalent(r, l.frequency) <= ENQUIRE_THRESHOLD) return { repayment: r, financed, repayments: null, total: null, enquire: true }
  const repayments = Math.round((periods(l) * r + finalPayment(l)) * 100) / 100
  const total = Math.round((periods(l) * r + finalPayment(l) + feesTotal(l.fees, l.term)) * 100) / 100
  return { repayment: r, financed, repayments, total, enquire: false }
}

export interface AmountRules {
  min: number
  max: number
  step?: number
  // A car priced above 100000 may borrow up to 1.05 × price.
  price_based_max?: boolean
  // The purchase-price variant: max 250000.
  purchase_price?: boolean
}

export function maxAmount(r: AmountRules, price = 0): number {
  if (r.purchase_price) return PURCHASE_PRICE_MAX
  if (r.price_based_max && finite(price) > 100000) return Math.round(price * 1.05)
  return r.max
}

export interface AmountInput {
  value: number
  // At or beyond a bound: the help text shows.
  at_bound: boolean
}

// clampAmount applies the bounds to a number (slider or quick pick).
export function clampAmount(v: number, r: AmountRules, price = 0): AmountInput {
  const max = maxAmount(r, price)
  if (Number.isNaN(v) || v <= 0) return { value: 0, at_bound: true }
  if (v >= max) return { value: max, at_bound: true }
  if (v <= r.min) return { value: r.min, at_bound: true }
  return { value: v, at_bound: false }
}

// numberOrNaN reads plain decimal text (after $, separators and spaces)
// with the same pattern as the Go side, so both agree on what is a number.
function numberOrNaN(s: string): number {
  const t = s.replace(/[$, ]/g, '')
  if (t === '') return NaN
  if (/^[+-]?inf(inity)?$/i.test(t)) return t.startsWith('-') ? -Infinity : Infinity
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) return NaN
  return Number(t)
}

// parseAmount applies docs/behaviour/validation.md's rules to typed text: at or below
// 0 becomes 0; anything else is stripped to digits; above max clamps to max;
// at or below min clamps to min.
export function parseAmount(raw: string, r: AmountRules, price = 0): AmountInput {
  const n = numberOrNaN(raw)
  if (!Number.isNaN(n) && n <= 0) return { value: 0, at_bound: true }
  const digits = raw.replace(/[^0-9]/g, '')
  if (digits === '') return { value: 0, at_bound: true }
  if (digits.length > 15) return { value: maxAmount(r, price), at_bound: true }
  return clampAmount(Number(digits), r, price)
}

export function clampRange(v: number, min: number, max: number): number {
  if (Number.isNaN(v) || v < min) return min
  if (v > max) return max
  return v
}

// dollars: $1,234, with cents only when there are any ($912.25).
export function dollars(x: number): string {
  const v = finite(x)
  const cents = Math.round(Math.abs(v) * 100)
  const whole = Math.floor(cents / 100)
  const frac = cents % 100
  const s = whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${v < 0 ? '-' : ''}$${s}${frac ? `.${String(frac).padStart(2, '0')}` : ''}`
}

// docs/behaviour/validation.md and docs/behaviour/errors.md: the help text at or beyond a bound.
export function amountHelp(min: number): string {
  return `Cannot be less than ${dollars(min)} or more than $250,000`
}

// The deposit and residual inputs take 0–250000 in steps of 0.5
// (docs/behaviour/validation.md#finance-deposit-residual).
export const MONEY_FIELD_MAX = 250000

// parseMoney reads a deposit or residual: at or below 0 (or nothing
// numeric) is 0; otherwise digits and the decimal point are kept and the
// value clamped to the range.
export function parseMoney(raw: string, min = 0, max = MONEY_FIELD_MAX): number {
  const n = numberOrNaN(raw)
  if (!Number.isNaN(n) && n <= 0) return clampRange(0, min, max)
  const kept = raw.replace(/[^0-9.]/g, '')
  const first = kept.indexOf('.')
  const cleaned = first < 0 ? kept : kept.slice(0, first + 1) + kept.slice(first + 1).replace(/\./g, '')
  const v = Number.parseFloat(cleaned)
  if (!Number.isFinite(v)) return cleaned.replace(/\./g, '').length > 0 ? max : clampRange(0, min, max)
  return clampRange(Math.round(v * 2) / 2, min, max)
}

// groupDigits shows a number with thousands separators and no $ (the input
// draws its own prefix): 30000 → "30,000", 1234.5 → "1,234.5".
export function groupDigits(x: number): string {
  const v = Number.isFinite(x) ? x : 0
  return v.toLocaleString('en-AU', { maximumFractionDigits: 2 })
}
