import { CheckCircle2, ChevronLeft } from 'lucide-react'
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { FormField, fieldA11y } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import { Spinner } from '@/components/ui/spinner'
import { ApiError, apiFetch } from '@/lib/api'
import { useSite } from '@/lib/site'
import { cn } from '@/lib/utils'
import {
  logValuation,
  postTradeInLead,
  postValuation,
  useTradeInOptions,
  type TradeInOptions,
  type TradeInValuation,
} from '../api/trade-in'
import {
  firstStepWithError,
  formatPrice,
  offerAcceptedLead,
  OFFER_ACCEPTED_EVENT,
  stepTitles,
  validateAnswers,
  validateCar,
  validateContact,
  valuationLead,
  type CarAnswers,
  type Contact,
  type Errors,
  type Step,
} from '../lib/flow'
import { formatKm, KM_QUICK_PICKS, parseKm, reformatKmTyping } from '../lib/km'

const formSteps: Step[] = ['car', 'km', 'condition', 'details']
const genericFailure = 'An error occurred when submitting this form'

export interface TradeInFlowProps {
  // The car the buyer trades towards (/cars/trade-in?car_id=), if any.
  targetCar?: { id: number; name: string }
}

function newKey() {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`
}

// TradeInFlow is the multi-step instant valuation: the car (rego and state,
// or make, model and year), kilometres, condition, contact details, then the
// price range or the Trade-in FAQ message, and offer acceptance.
export function TradeInFlow({ targetCar }: TradeInFlowProps) {
  const options = useTradeInOptions()
  if (options.isPending) return <Spinner label="Loading the trade-in form" />
  if (options.isError)
    return (
      <Alert variant="destructive">
        <AlertTitle>The trade-in form could not load.</AlertTitle>
        <AlertDescription>Please refresh the page or give us a call.</AlertDescription>
      </Alert>
    )
  return <Flow options={options.data} targetCar={targetCar} />
}

function Flow({ options, targetCar }: { options: TradeInOptions; targetCar?: TradeInFlowProps['targetCar'] }) {
  const site = useSite()
  const id = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const [step, setStep] = useState<Step>('car')
  const [errors, setErrors] = useState<Errors>({})
  const [car, setCar] = useState<CarAnswers>({ mode: 'rego', rego: '', regoState: '', make: '', model: '', year: '', badge: '' })
  const [kmText, setKmText] = useState('')
  const [answers, setAnswers] = useState<Record<string, string>>({})
  const [contact, setContact] = useState<Contact>({
    name: '',
    last_name: '',
    email: '',
    phone: '',
    postcode: '',
    dealership_slug: '',
    terms: false,
  })
  const [submitting, setSubmitting] = useState(false)
  const [formError, setFormError] = useState('')
  const [valuation, setValuation] = useState<TradeInValuation | null>(null)
  const [lead, setLead] = useState<{ id: string; payload: Record<string, unknown> } | null>(null)
  const [accepted, setAccepted] = useState(false)
  const keys = useRef({ valuation: newKey(), accept: newKey() })
  const moved = useRef(false)

  const needDealership = !targetCar && (site.dealerships?.length ?? 0) > 1
  const needTerms = site.features.terms_required

  // Focus the step heading when the step changes, so keyboard and screen
  // reader users land at the start of the new step.
  useEffect(() => {
    if (moved.current) headingRef.current?.focus()
    moved.current = true
  }, [step])

  const go = (s: Step) => {
    setFormError('')
    setStep(s)
  }

  const next = (e: FormEvent) => {
    e.preventDefault()
    let errs: Errors = {}
    if (step === 'car') errs = validateCar(car)
    if (step === 'km') {
      const p = parseKm(kmText)
      if (p.km === undefined) errs.km = p.error
      else setKmText(formatKm(p.km))
    }
    if (step === 'condition') errs = validateAnswers(options.questions, answers)
    setErrors(errs)
    if (Object.keys(errs).length > 0) return
    if (step === 'details') {
      void submit()
      return
    }
    go(formSteps[formSteps.indexOf(step) + 1] ?? 'details')
  }

  const submit = async () => {
    const errs = validateContact(contact, { needDealership, needTerms, termsMessage: site.wording.terms_message })
    setErrors(errs)
    if (Object.keys(errs).length > 0) return
    setSubmitting(true)
    setFormError('')
    try {
      const km = parseKm(kmText)
      const v = await postValuation({
        ...(car.mode === 'rego'
          ? { rego: car.rego, regoState: car.regoState }
          : { make: car.make, model: car.model, year: Number(car.year), badge: car.badge }),
        km: km.km ?? kmText,
        adjustmentAnswers: answers,
      })
      const payload = valuationLead({
        contact,
        car,
        valuation: v,
        questions: options.questions,
        answers,
        targetCarId: targetCar?.id,
        url: window.location.href,
        userAgent: navigator.userAgent,
      })
      const created = await postTradeInLead(payload, keys.current.valuation)
      void logValuation(created.lead_id, v)
      setValuation(v)
      setLead({ id: created.lead_id, payload })
      go('result')
    } catch (err) {
      if (err instanceof ApiError && err.code === 'invalid' && Object.keys(err.fields).length > 0) {
        setErrors(err.fields)
        const s = firstStepWithError(err.fields)
        if (s && s !== 'details') go(s)
        setFormError(err.message)
      } else {
        setFormError(err instanceof ApiError && err.code !== 'internal' ? err.message : genericFailure)
      }
    } finally {
      setSubmitting(false)
    }
  }

  const accept = async () => {
    if (!lead) return
    setSubmitting(true)
    setFormError('')
    try {
      await postTradeInLead(offerAcceptedLead(lead.payload, lead.id), keys.current.accept)
      setAccepted(true)
      apiFetch('/api/events', {
        method: 'POST',
        body: { event_id: OFFER_ACCEPTED_EVENT, url: window.location.href },
        keepalive: true,
      }).catch((e) => console.warn('Analytics event failed', OFFER_ACCEPTED_EVENT, e))
    } catch (err) {
      setFormError(err instanceof ApiError && err.code !== 'internal' ? err.message : genericFailure)
    } finally {
      setSubmitting(false)
    }
  }

  const stepIndex = formSteps.indexOf(step)
  const models = options.makes.find((m) => m.make === car.make)?.models ?? []
  const err = (k: string) => errors[k]

  return (
    <div className="w-full max-w-2xl">
      {step !== 'result' && (
        <ol className="mb-6 grid grid-cols-4 gap-2 text-xs sm:text-sm" aria-label="Steps">
          {formSteps.map((s, i) => (
            <li
              key={s}
              aria-current={s === step ? 'step' : undefined}
              className={cn(
                'rounded-md border-t-4 pt-2',
                i <= stepIndex ? 'border-primary font-semibold text-foreground' : 'border-border text-muted-foreground',
              )}
            >
              <span className="sr-only">Step {i + 1} of 4: </span>
              {stepTitles[s]}
            </li>
          ))}
        </ol>
      )}

      <h2 ref={headingRef} tabIndex={-1} className="mb-4 text-xl font-semibold focus:outline-none">
        {step !== 'result'
          ? stepTitles[step]
          : accepted
            ? 'Offer accepted'
            : valuation?.estimate
              ? 'Your price'
              : "We'll be in touch"}
      </h2>

      {formError && step !== 'result' && (
        <Alert variant="destructive" className="mb-4">
          <AlertDescription>{formError}</AlertDescription>
        </Alert>
      )}

      {step !== 'result' ? (
        <form onSubmit={next} noValidate className="space-y-5">
          {step === 'car' && (
            <>
              <fieldset>
                <legend className="mb-2 text-sm font-medium">How would you like to describe your car?</legend>
                <div className="flex flex-wrap gap-4">
                  {(
                    [
                      ['rego', 'By rego and state'],
                      ['make', 'By make, model and year'],
                    ] as const
                  ).map(([mode, label]) => (
                    <label key={mode} className="flex items-center gap-2 text-sm">
                      <input
                        type="radio"
                        name={`${id}-mode`}
                        className="size-4 accent-primary"
                        checked={car.mode === mode}
                        onChange={() => {
                          setCar({ ...car, mode })
                          setErrors({})
                        }}
                      />
                      {label}
                    </label>
                  ))}
                </div>
              </fieldset>
              {car.mode === 'rego' ? (
                <div className="grid gap-4 sm:grid-cols-2">
                  <FormField id={`${id}-rego`} label="Rego" error={err('rego')} required>
                    <Input
                      {...fieldA11y(`${id}-rego`, err('rego'), true)}
                      autoCapitalize="characters"
                      placeholder="e.g. ABC123"
                      maxLength={12}
                      value={car.rego}
                      onChange={(e) => setCar({ ...car, rego: e.target.value.toUpperCase() })}
                    />
                  </FormField>
                  <FormField id={`${id}-state`} label="State" error={err('regoState')} required>
                    <Select
                      {...fieldA11y(`${id}-state`, err('regoState'), true)}
                      value={car.regoState}
                      onChange={(e) => setCar({ ...car, regoState: e.target.value })}
                    >
                      <option value="">Select a state</option>
                      {options.states.map((s) => (
                        <option key={s} value={s}>
                          {s}
                        </option>
                      ))}
                    </Select>
                  </FormField>
                </div>
              ) : (
                <div className="grid gap-4 sm:grid-cols-2">
                  <FormField id={`${id}-make`} label="Make" error={err('make')} required>
                    <Select
                      {...fieldA11y(`${id}-make`, err('make'), true)}
                      value={car.make}
                      onChange={(e) => setCar({ ...car, make: e.target.value, model: '' })}
                    >
                      <option value="">Select a make</option>
                      {options.makes.map((m) => (
                        <option key={m.make} value={m.make}>
                          {m.make}
                        </option>
                      ))}
                    </Select>
                  </FormField>
                  <FormField id={`${id}-model`} label="Model" error={err('model')} required>
                    <Select
                      {...fieldA11y(`${id}-model`, err('model'), true)}
                      value={car.model}
                      disabled={!car.make}
                      onChange={(e) => setCar({ ...car, model: e.target.value })}
                    >
                      <option value="">{car.make ? 'Select a model' : 'Choose a make first'}</option>
                      {models.map((m) => (
                        <option key={m} value={m}>
                          {m}
                        </option>
                      ))}
                    </Select>
                  </FormField>
                  <FormField id={`${id}-year`} label="Year" error={err('year')} required>
                    <Select
                      {...fieldA11y(`${id}-year`, err('year'), true)}
                      value={car.year}
                      onChange={(e) => setCar({ ...car, year: e.target.value })}
                    >
                      <option value="">Select a year</option>
                      {options.years.map((y) => (
                        <option key={y} value={String(y)}>
                          {y}
                        </option>
                      ))}
                    </Select>
                  </FormField>
                  <FormField id={`${id}-badge`} label="Badge (optional)">
                    <Input
                      id={`${id}-badge`}
                      placeholder="e.g. Ascent Sport"
                      maxLength={80}
                      value={car.badge}
                      onChange={(e) => setCar({ ...car, badge: e.target.value })}
                    />
                  </FormField>
                </div>
              )}
            </>
          )}

          {step === 'km' && (
            <>
              <FormField id={`${id}-km`} label="Odometer (kilometres)" error={err('km')} required>
                <Input
                  {...fieldA11y(`${id}-km`, err('km'), true)}
                  inputMode="numeric"
                  placeholder="e.g. 45,000 kms"
                  value={kmText}
                  onChange={(e) => setKmText(reformatKmTyping(e.target.value))}
                  onBlur={() => {
                    const p = parseKm(kmText)
                    if (p.km !== undefined) setKmText(formatKm(p.km))
                  }}
                />
              </FormField>
              <div role="group" aria-label="Quick picks" className="flex flex-wrap gap-2">
                {KM_QUICK_PICKS.map((km) => {
                  const on = parseKm(kmText).km === km
                  return (
                    <Button
                      key={km}
                      type="button"
                      size="sm"
                      variant={on ? 'default' : 'outline'}
                      aria-pressed={on}
                      onClick={() => {
                        setKmText(formatKm(km))
                        setErrors({})
                      }}
                    >
                      {formatKm(km)}
                    </Button>
                  )
                })}
              </div>
              <p className="text-sm text-muted-foreground">
                We give instant prices for cars up to {options.max_age_years} years old and{' '}
                {options.max_km.toLocaleString('en-AU')} km.
              </p>
            </>
          )}

          {step === 'condition' &&
            options.questions.map((q) => {
              const key = `adjustmentAnswers.${q.id}`
              const e = err(key)
              return (
                <fieldset
                  key={q.id}
                  aria-describedby={e ? `${id}-${q.id}-error` : undefined}
                  aria-invalid={e ? true : undefined}
                  className="rounded-md border border-border p-3"
                >
                  <legend className="px-1 text-sm font-medium">{q.label}</legend>
                  <div className="mt-1 flex flex-wrap gap-x-5 gap-y-2">
                    {q.options.map((o) => (
                      <label key={o.id} className="flex items-center gap-2 text-sm">
                        <input
                          type="radio"
                          className="size-4 accent-primary"
                          name={`${id}-${q.id}`}
                          value={o.id}
                          checked={answers[q.id] === o.id}
                          onChange={() => {
                            setAnswers({ ...answers, [q.id]: o.id })
                            setErrors((prev) => {
                              const rest = { ...prev }
                              delete rest[key]
                              return rest
                            })
                          }}
                        />
                        {o.label}
                      </label>
                    ))}
                  </div>
                  {e && (
                    <p id={`${id}-${q.id}-error`} className="mt-1 text-sm text-destructive">
                      {e}
                    </p>
                  )}
                </fieldset>
              )
            })}

          {step === 'details' && (
            <>
              {targetCar && (
                <p className="text-sm text-muted-foreground">
                  Trading in towards the <strong className="text-foreground">{targetCar.name}</strong>.
                </p>
              )}
              <div className="grid gap-4 sm:grid-cols-2">
                <ContactInput id={`${id}-name`} label="First Name" field="name" auto="given-name" required {...{ contact, setContact, err }} />
                <ContactInput id={`${id}-last`} label="Last Name" field="last_name" auto="family-name" {...{ contact, setContact, err }} />
                <ContactInput id={`${id}-email`} label="Email" field="email" auto="email" type="email" required {...{ contact, setContact, err }} />
                <ContactInput id={`${id}-phone`} label="Mobile" field="phone" auto="tel" type="tel" required {...{ contact, setContact, err }} />
                <ContactInput id={`${id}-postcode`} label="Postcode" field="postcode" auto="postal-code" max={4} {...{ contact, setContact, err }} />
                {needDealership && (
                  <FormField id={`${id}-dealership`} label="Preferred Dealership" error={err('dealership_slug')} required>
                    <Select
                      {...fieldA11y(`${id}-dealership`, err('dealership_slug'), true)}
                      value={contact.dealership_slug}
                      onChange={(e) => setContact({ ...contact, dealership_slug: e.target.value })}
                    >
                      <option value="">Select a Preferred Dealership</option>
                      {site.dealerships.map((d) => (
                        <option key={d.slug} value={d.slug}>
                          {d.name}
                        </option>
                      ))}
                    </Select>
                  </FormField>
                )}
              </div>
              {needTerms && (
                <div>
                  <label className="flex items-start gap-2 text-sm">
                    <Checkbox
                      checked={contact.terms}
                      aria-invalid={err('terms') ? true : undefined}
                      aria-describedby={err('terms') ? `${id}-terms-error` : undefined}
                      onChange={(e) => setContact({ ...contact, terms: e.target.checked })}
                    />
                    <span>
                      I agree to the{' '}
                      <a href="/terms-and-conditions" className="underline">
                        terms of use
                      </a>
                      .
                    </span>
                  </label>
                  {err('terms') && (
                    <p id={`${id}-terms-error`} className="mt-1 text-sm text-destructive">
                      {err('terms')}
                    </p>
                  )}
                </div>
              )}
            </>
          )}

          <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-between">
            {stepIndex > 0 ? (
              <Button type="button" variant="outline" onClick={() => go(formSteps[stepIndex - 1] ?? 'car')} disabled={submitting}>
                <ChevronLeft aria-hidden /> Back
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" disabled={submitting}>
              {submitting && <Spinner className="size-4" />}
              {step === 'details' ? (submitting ? 'Getting your price…' : 'Get My Price') : 'Next'}
            </Button>
          </div>
        </form>
      ) : (
        valuation && <Result valuation={valuation} accepted={accepted} submitting={submitting} formError={formError} onAccept={accept} name={contact.name} />
      )}
    </div>
  )
}

function ContactInput({
  id,
  label,
  field,
  auto,
  type = 'text',
  required,
  max,
  contact,
  setContact,
  err,
}: {
  id: string
  label: string
  field: 'name' | 'last_name' | 'email' | 'phone' | 'postcode'
  auto: string
  type?: string
  required?: boolean
  max?: number
  contact: Contact
  setContact: (c: Contact) => void
  err: (k: string) => string | undefined
}) {
  return (
    <FormField id={id} label={label} error={err(field)} required={required}>
      <Input
        {...fieldA11y(id, err(field), required)}
        type={type}
        autoComplete={auto}
        placeholder={label}
        maxLength={max}
        inputMode={field === 'postcode' ? 'numeric' : undefined}
        value={contact[field]}
        onChange={(e) => setContact({ ...contact, [field]: e.target.value })}
      />
    </FormField>
  )
}

function Result({
  valuation,
  accepted,
  submitting,
  formError,
  onAccept,
  name,
}: {
  valuation: TradeInValuation
  accepted: boolean
  submitting: boolean
  formError: string
  onAccept: () => void
  name: string
}): ReactNode {
  const v = valuation
  const carName = `${v.car.year} ${v.car.make} ${v.car.model}`
  if (!v.estimate) {
    return (
      <div role="status" className="space-y-3 rounded-lg border border-border p-5">
        <p className="font-medium">Thanks{name ? `, ${name.trim()}` : ''}. Your details have been sent to our team.</p>
        <p data-testid="trade-in-faq">{v.message}</p>
        <p className="text-sm text-muted-foreground">
          Your {carName} with {v.car.km.toLocaleString('en-AU')} km.
        </p>
      </div>
    )
  }
  return (
    <div className="space-y-4">
      <div role="status" className="rounded-lg border border-border p-5 text-center">
        <p className="text-sm text-muted-foreground">Estimated trade-in value of your {carName}</p>
        <p className="mt-1 text-3xl font-bold text-primary" data-testid="trade-in-range">
          {formatPrice(v.low ?? 0)} – {formatPrice(v.high ?? 0)}
        </p>
        <p className="mt-2 text-sm text-muted-foreground">
          Based on {v.comparables} comparable cars for sale, your kilometres and your condition answers. The final offer
          follows a short inspection.
        </p>
      </div>
      {formError && (
        <Alert variant="destructive">
          <AlertDescription>{formError}</AlertDescription>
        </Alert>
      )}
      {accepted ? (
        <Alert>
          <CheckCircle2 aria-hidden className="size-4" />
          <AlertTitle>Offer accepted</AlertTitle>
          <AlertDescription>Our team will be in touch shortly to inspect your car and confirm the price.</AlertDescription>
        </Alert>
      ) : (
        <Button size="lg" className="w-full" onClick={onAccept} disabled={submitting}>
          {submitting && <Spinner className="size-4" />}
          Accept Offer
        </Button>
      )}
    </div>
  )
}
