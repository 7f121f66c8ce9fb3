import { Slider } from 'radix-ui'
import { useEffect, useId, useMemo, useRef } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import type { Site } from '@/lib/api'
import { cn } from '@/lib/utils'
import { FINANCE_CALCULATOR_USED, sendEvent } from '../api/send-event'
import { useCarLoanScope } from '../lib/car-loan'
import { financeLink } from '../lib/finance-link'
import {
  ENQUIRE_TEXT,
  MONEY_FIELD_MAX,
  amountHelp,
  calculate,
  clampAmount,
  clampRange,
  dollars,
  frequencies,
  maxAmount,
  parseAmount,
  parseMoney,
  type AmountRules,
  type Frequency,
} from '../lib/maths'
import type { FinanceCar } from '../types'
import { LoanFacts } from './loan-facts'
import { MoneyInput } from './money-input'

const defaultQuickPicks = [5000, 10000, 15000, 20000, 25000, 30000, 40000, 50000, 70000]

const perLabel: Record<Frequency, string> = { week: 'per week', fortnight: 'per fortnight', month: 'per month' }

export interface FinanceCalculatorProps {
  // The car being financed; without one the calculator starts from the
  // site's defaults.
  car?: FinanceCar | null
  site: Site
  // Where 'Request a Quote' goes; the car's finance link by default, else
  // the page's own #finance-form.
  quoteHref?: string
  // A starting amount (e.g. the budget a finance link carries); the rules
  // still apply to it.
  initialAmount?: number | null
  className?: string
}

type CalculatorValues = {
  amount: ReturnType<typeof clampAmount>
  term: number
  interest: number
  deposit: number
  residual: number
  frequency: Frequency
}

function years(t: number): string {
  return `${t} ${t === 1 ? 'year' : 'years'}`
}

function percent(x: number): string {
  return `${Number(x.toFixed(2))}% p.a.`
}

// FinanceCalculator is docs/behaviour/validation.md's finance calculator: amount,
// term, interest, deposit, residual and frequency, with the repayment and
// total worked out by lib/maths as the buyer changes them. Another car
// starts it afresh from that car's figures.
export function FinanceCalculator(props: FinanceCalculatorProps) {
  return <Calculator key={props.car?.id ?? 'no-car'} {...props} />
}

function Calculator({ car, site, quoteHref, initialAmount, className }: FinanceCalculatorProps) {
  const f = site.finance
  const uid = useId()
  const price = car && Number.isFinite(car.price) && car.price > 0 ? car.price : 0
  // On a car's page the calculator can start at the car's price; it then
  // also takes the term, rate, deposit, balloon, fee and frequency of the
  // car's estimate, so both show the same repayment (the server works the
  // estimate out with the same maths). The amount may reach the car's price.
  const fromPrice = f.amount_from_price && price > 0
  const est = car?.finance_estimate ?? null
  const seed = fromPrice ? est : null
  const establishmentFee = seed ? seed.establishment_fee : f.establishment_fee
  const rules: AmountRules = {
    min: f.amount.min,
    max: fromPrice ? Math.max(f.amount.max, price) : f.amount.max,
    step: f.amount.step,
    price_based_max: f.price_based_max,
    purchase_price: f.purchase_price,
  }
  const maxA = maxAmount(rules, price)
  const termOptions = f.term_options && f.term_options.length > 0 ? [...f.term_options].sort((a, b) => a - b) : null

  // The calculator's inputs are one react-hook-form form, as every form is;
  // each change is clamped to the site's rules where it is made, and the
  // repayment below is worked out from the values as they stand.
  const startAmount = clampAmount(
    initialAmount && initialAmount > 0 ? initialAmount : f.amount_from_price && price > 0 ? price : f.default_amount,
    rules,
    price,
  )
  const startTerm = seed && seed.term_years > 0 ? seed.term_years : f.default_term
  const firstTerm = termOptions
    ? (termOptions.find((t) => t >= startTerm) ?? termOptions[termOptions.length - 1] ?? startTerm)
    : clampRange(startTerm, Math.min(f.term.min, startTerm), Math.max(f.term.max, startTerm))
  const startRate = est && est.interest_rate > 0 ? est.interest_rate : f.default_interest
  // The lender's rate stays reachable even outside the site's range.
  const rateMin = seed ? Math.min(f.interest.min, startRate) : f.interest.min
  const rateMax = seed ? Math.max(f.interest.max, startRate) : f.interest.max
  const startFrequency = seed ? seed.frequency : f.default_frequency
  // On a car's page the loan is shared with the sidebar's estimate and
  // chip (lib/car-loan): the calculator starts from the buyer's inputs when
  // they have set some already, and tells the page each change.
  const scope = useCarLoanScope()
  const shared = seed ? scope : null
  const kept = shared?.inputs ?? null
  const form = useForm<CalculatorValues>({
    defaultValues: kept
      ? {
          amount: clampAmount(kept.amount, rules, price),
          term: kept.term,
          interest: clampRange(kept.interest, rateMin, rateMax),
          deposit: kept.deposit,
          residual: kept.residual,
          frequency: kept.frequency,
        }
      : {
          amount: startAmount,
          term: firstTerm,
          interest: clampRange(startRate, rateMin, rateMax),
          deposit: clampRange(est?.deposit ?? 0, 0, MONEY_FIELD_MAX),
          residual: clampRange(seed?.balloon ?? 0, 0, MONEY_FIELD_MAX),
          frequency: frequencies.some((x) => x.value === startFrequency) ? (startFrequency as Frequency) : 'week',
        },
  })
  const { amount, term, interest, deposit, residual, frequency } = useWatch({ control: form.control }) as CalculatorValues
  const changed = useRef(false)
  const set = <K extends keyof CalculatorValues>(name: K, value: CalculatorValues[K]) => {
    changed.current = true
    form.setValue(name, value as never, { shouldDirty: true })
  }
  const setShared = shared?.setInputs
  useEffect(() => {
    if (!changed.current || !setShared) return
    setShared({ amount: amount.value, deposit, residual, term, interest, frequency })
  }, [setShared, amount.value, deposit, residual, term, interest, frequency])
  const termMin = Math.min(f.term.min, term)
  const termMax = Math.max(f.term.max, term)

  // docs/behaviour/states.md: the first interaction with any input or the
  // frequency select fires event 26, once.
  const used = useRef(false)
  const touched = () => {
    if (used.current) return
    used.current = true
    sendEvent(FINANCE_CALCULATOR_USED, car ? { car_id: car.id } : {})
  }

  const quote = useMemo(
    () =>
      calculate({
        amount: amount.value,
        deposit,
        residual,
        establishment_fee: establishmentFee,
        interest,
        term,
        frequency,
        rounding: f.rounding,
        fees: f.fees,
      }),
    [amount.value, deposit, residual, establishmentFee, interest, term, frequency, f.rounding, f.fees],
  )

  // The deposit comes off the amount: with a car, or the purchase-price
  // variant, it is the price; the amount financed is shown apart.
  const amountLabel = f.purchase_price || fromPrice ? 'Purchase price' : 'Loan amount'
  const picks = f.quick_picks && f.quick_picks.length > 0 ? f.quick_picks : defaultQuickPicks
  const freqLabel = frequencies.find((x) => x.value === frequency)?.label ?? 'Weekly'
  const fees = f.fees ?? []
  const href = quoteHref ?? (car ? financeLink(car, site) : '#finance-form')

  return (
    <section
      aria-labelledby={`${uid}-title`}
      className={cn('rounded-lg border border-border bg-background p-4 shadow-sm sm:p-6', className)}
    >
      <h2 id={`${uid}-title`} className="text-xl font-semibold">
        Finance Calculator
      </h2>
      <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(16rem,22rem)]">
        <div className="space-y-5">
          <div>
            <MoneyInput
              id={`${uid}-amount`}
              label={amountLabel}
              value={amount.value}
              onInput={touched}
              onCommit={(raw) => set('amount', parseAmount(raw, rules, price))}
              help={amount.at_bound ? amountHelp(rules.min) : null}
              helpTone="warning"
            />
            <Slider.Root
              className="relative mt-3 flex h-5 touch-none select-none items-center"
              min={rules.min}
              max={maxA}
              step={f.amount.step > 0 ? f.amount.step : 500}
              value={[clampRange(amount.value, rules.min, maxA)]}
              onValueChange={(v) => {
                touched()
                set('amount', clampAmount(v[0] ?? rules.min, rules, price))
              }}
            >
              <SliderTrack />
              <Slider.Thumb aria-label={`${amountLabel} slider`} aria-valuetext={dollars(amount.value)} className={thumbClass} />
            </Slider.Root>
            <div className="mt-3 flex flex-wrap gap-2" role="group" aria-label={`Quick ${amountLabel.toLowerCase()} picks`}>
              {picks.map((p) => (
                <button
                  key={p}
                  type="button"
                  aria-pressed={amount.value === p}
                  className={cn(
                    'rounded-full border border-border px-3 py-1 text-sm tabular-nums transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                    amount.value === p ? 'bg-primary text-primary-foreground' : 'bg-background hover:bg-muted',
                  )}
                  onClick={() => {
                    touched()
                    set('amount', clampAmount(p, rules, price))
                  }}
                >
                  {dollars(p)}
                </button>
              ))}
            </div>
          </div>

          <SliderField
            id={`${uid}-term`}
            label="Loan term"
            display={years(term)}
            {...(termOptions
              ? {
                  min: 0,
                  max: termOptions.length - 1,
                  step: 1,
                  value: Math.max(0, termOptions.indexOf(term)),
                  onChange: (i: number) => set('term', termOptions[i] ?? term),
                }
              : {
                  min: termMin,
                  max: termMax,
                  step: f.term.step,
                  value: term,
                  onChange: (t: number) => set('term', clampRange(t, termMin, termMax)),
                })}
            valueText={years(term)}
            onTouch={touched}
          />

          <SliderField
            id={`${uid}-interest`}
            label="Interest rate"
            display={percent(interest)}
            min={rateMin}
            max={rateMax}
            step={f.interest.step}
            value={interest}
            disabled={f.interest_locked}
            onChange={(v) => set('interest', clampRange(v, rateMin, rateMax))}
            valueText={percent(interest)}
            onTouch={touched}
          />

          <div className="grid gap-4 sm:grid-cols-2">
            <MoneyInput
              id={`${uid}-deposit`}
              label={
                <>
                  Deposit or trade-in <span className="font-normal text-muted-foreground">(optional)</span>
                </>
              }
              value={deposit}
              onInput={touched}
              onCommit={(raw) => set('deposit', parseMoney(raw))}
            />
            <MoneyInput
              id={`${uid}-residual`}
              label={
                <>
                  Residual repayment <span className="font-normal text-muted-foreground">(optional)</span>
                </>
              }
              value={residual}
              onInput={touched}
              onCommit={(raw) => set('residual', parseMoney(raw))}
            />
          </div>

          {f.hide_frequency ? null : (
            <div className="space-y-1.5">
              <label htmlFor={`${uid}-frequency`} className="block text-sm font-medium">
                Repayment frequency
              </label>
              <select
                id={`${uid}-frequency`}
                className="h-10 w-full rounded-md border border-input bg-background px-3 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                value={frequency}
                onChange={(e) => {
                  touched()
                  set('frequency', e.target.value as Frequency)
                }}
              >
                {frequencies.map((x) => (
                  <option key={x.value} value={x.value}>
                    {x.label}
                  </option>
                ))}
              </select>
            </div>
          )}
        </div>

        <div className="space-y-4 self-start rounded-lg bg-muted p-4 lg:sticky lg:top-24">
          <div role="status" aria-live="polite" aria-label="Estimated repayment" className="space-y-1">
            <p className="text-sm font-medium text-muted-foreground">{freqLabel} repayment</p>
            {quote.enquire ? (
              <p className="text-2xl font-bold">{ENQUIRE_TEXT}</p>
            ) : (
              <p className="text-3xl font-bold tabular-nums">
                <span data-repayment>{dollars(quote.repayment)}</span>{' '}
                <span className="text-base font-medium">{perLabel[frequency]}*</span>
              </p>
            )}
            {quote.total !== null ? (
              <p className="text-sm tabular-nums">
                Total of repayments{residual > 0 ? ' incl. final payment' : ''}
                {fees.length > 0 ? ' and fees' : ''}: <strong data-total>{dollars(quote.total)}</strong>
              </p>
            ) : null}
          </div>
          <LoanFacts
            loan={{ amount: amount.value, deposit, residual, establishment_fee: establishmentFee, interest, term, frequency }}
            quote={quote}
            amountLabel={amountLabel}
            total={fees.length > 0}
          />
          <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
            <dt>Term</dt>
            <dd className="text-right">{years(term)}</dd>
            <dt>Interest rate</dt>
            <dd className="text-right">{percent(interest)}</dd>
          </dl>
          {fees.length > 0 ? (
            <div>
              <h3 className="text-sm font-semibold">Fees</h3>
              <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
                {fees.map((fee) => (
                  <FeeRow key={fee.label} label={fee.label} amount={fee.amount} monthly={fee.per === 'month'} />
                ))}
              </dl>
            </div>
          ) : null}
          <Button asChild className="w-full">
            <a href={href}>Request a Quote</a>
          </Button>
        </div>
      </div>
      <div className="mt-4 space-y-2 text-xs text-muted-foreground">
        <p>
          *Repayments are an estimate only, rounded {f.rounding === 'nearest' ? 'to the nearest' : 'up to the next'}{' '}
          dollar, and are not a quote or an offer of finance. The establishment fee is included in the amount financed
          {fees.length > 0 ? '; the fees shown are added to the total' : ''}.
        </p>
        {f.comparison_rate_range ? (
          <p>
            Comparison rates from {Number(f.comparison_rate_range.from.toFixed(2))}% to{' '}
            {Number(f.comparison_rate_range.to.toFixed(2))}% p.a.
          </p>
        ) : null}
        {f.disclaimer ? <p>{f.disclaimer}</p> : null}
      </div>
    </section>
  )
}

function FeeRow({ label, amount, monthly }: { label: string; amount: number; monthly: boolean }) {
  return (
    <>
      <dt>{label}</dt>
      <dd className="text-right tabular-nums">
        {dollars(amount)}
        {monthly ? ' per month' : ''}
      </dd>
    </>
  )
}

const thumbClass =
  'block size-5 rounded-full border-2 border-primary bg-background shadow focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[disabled]:opacity-50'

function SliderTrack() {
  return (
    <Slider.Track className="relative h-1.5 grow rounded-full bg-muted">
      <Slider.Range className="absolute h-full rounded-full bg-primary" />
    </Slider.Track>
  )
}

interface SliderFieldProps {
  id: string
  label: string
  display: string
  valueText: string
  min: number
  max: number
  step: number
  value: number
  disabled?: boolean
  onChange: (v: number) => void
  onTouch: () => void
}

function SliderField({ id, label, display, valueText, min, max, step, value, disabled, onChange, onTouch }: SliderFieldProps) {
  return (
    <div className="space-y-2">
      <div className="flex items-baseline justify-between gap-2">
        <span id={`${id}-label`} className="text-sm font-medium">
          {label}
        </span>
        <span className="text-sm tabular-nums" aria-hidden>
          {display}
        </span>
      </div>
      <Slider.Root
        className="relative flex h-5 touch-none select-none items-center data-[disabled]:cursor-not-allowed"
        min={min}
        max={max}
        step={step > 0 ? step : 1}
        value={[value]}
        disabled={disabled}
        onValueChange={(v) => {
          onTouch()
          onChange(v[0] ?? value)
        }}
      >
        <SliderTrack />
        <Slider.Thumb aria-labelledby={`${id}-label`} aria-valuetext={valueText} className={thumbClass} />
      </Slider.Root>
      {disabled ? <p className="text-xs text-muted-foreground">The interest rate is set by the lender.</p> : null}
    </div>
  )
}
