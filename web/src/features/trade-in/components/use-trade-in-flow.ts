import { useEffect, useRef, useState } from 'react'
import { useForm, type FieldErrors, type Resolver, type UseFormReturn } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { ApiError, api } from '@/lib/api'
import { newIdempotencyKey, postLead, type LeadRequest } from '@/lib/lead-schema'
import { useSite } from '@/lib/site'
import { towedStock } from '@/lib/viewing'
import { findRego, logValuation, postValuation, type TradeInOptions, type TradeInValuation } from '../api/trade-in'
import {
  firstStepWithError,
  inputNames,
  offerAcceptedLead,
  OFFER_ACCEPTED_EVENT,
  serverFieldToInput,
  stepSchema,
  valuationLead,
  type CarAnswers,
  type Contact,
  type Step,
  type TradeInValues,
} from '../lib/flow'
import { formatKm, parseKm } from '../lib/km'

const formSteps: Step[] = ['car', 'km', 'condition', 'details']
const genericFailure = 'An error occurred when submitting this form'

export type TargetCar = { id: number; name: string }

const defaultValues: TradeInValues = {
  mode: 'rego',
  rego: '',
  regoState: '',
  make: '',
  model: '',
  year: '',
  badge: '',
  km: '',
  answers: {},
  name: '',
  last_name: '',
  email: '',
  phone: '',
  postcode: '',
  dealership_slug: '',
  terms: false,
}

// The form's own message (a failed request), above the step's inputs.
const formMessage = 'root.server'

// What the details step got back: the valuation, its stored lead and whether
// the buyer took the offer.
type Outcome = { valuation: TradeInValuation; lead: { id: string; payload: LeadRequest }; accepted: boolean }

export type TradeInForm = UseFormReturn<TradeInValues>

// useTradeInFlow holds the flow's answers in one react-hook-form form and
// moves between its steps: each step's zod schema checks it before the next,
// the details step asks for the valuation and stores the lead, and the
// result step accepts the offer.
export function useTradeInFlow(options: TradeInOptions, targetCar?: TargetCar) {
  const site = useSite()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const [step, setStep] = useState<Step>('car')
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const keys = useRef({ valuation: newIdempotencyKey(), accept: newIdempotencyKey() })
  const moved = useRef(false)

  const needDealership = !targetCar && (site.dealerships?.length ?? 0) > 1
  const needTerms = site.features.terms_required
  const contactOptions = { needDealership, needTerms, termsMessage: site.wording.terms_message, country: site.country }

  // Each step is checked when the buyer moves on, and only then: a message
  // stays until the next press (or until the answer it is about changes,
  // where the step says so). Focus stays with the button pressed.
  const form = useForm<TradeInValues>({
    defaultValues,
    resolver: zodResolver(stepSchema(step, options.questions, contactOptions, options.states)) as unknown as Resolver<TradeInValues>,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  })
  const { errors, isSubmitting } = form.formState

  // Focus the step heading when the step changes, so keyboard and screen
  // reader users land at the start of the new step.
  useEffect(() => {
    if (moved.current) headingRef.current?.focus()
    moved.current = true
  }, [step])

  const showFailure = (message: string) => form.setError(formMessage, { type: 'server', message })

  const go = (s: Step) => {
    form.clearErrors(formMessage)
    setStep(s)
  }

  // A step whose check fails keeps the request's message above it.
  const keepFailure = () => {
    const failure = errors.root?.server?.message
    return () => {
      if (failure) showFailure(failure)
    }
  }

  const getPrice = async (values: TradeInValues) => {
    try {
      const km = parseKm(values.km)
      const v = await postValuation({
        ...(values.mode === 'rego'
          ? { rego: values.rego, ...(options.states.length > 0 ? { regoState: values.regoState } : {}) }
          : { make: values.make, model: values.model, year: Number(values.year), badge: values.badge }),
        km: towed ? 0 : (km.km ?? values.km),
        adjustmentAnswers: values.answers,
      })
      const payload = valuationLead({
        contact: contactOf(values),
        car: carOf(values),
        valuation: v,
        questions: options.questions,
        answers: values.answers,
        targetCarId: targetCar?.id,
        currency: site.currency,
        url: window.location.href,
        userAgent: navigator.userAgent,
      })
      const created = await postLead(payload, keys.current.valuation)
      void logValuation(created.lead_id, v)
      setOutcome({ valuation: v, lead: { id: created.lead_id, payload }, accepted: false })
      go('result')
    } catch (err) {
      if (err instanceof ApiError && err.code === 'invalid' && Object.keys(err.fields).length > 0) {
        for (const [field, message] of Object.entries(err.fields)) {
          const input = serverFieldToInput(field)
          if (input) form.setError(input, { type: 'server', message })
        }
        const s = firstStepWithError(err.fields)
        if (s && s !== 'details') go(s)
        showFailure(err.message)
      } else {
        showFailure(err instanceof ApiError && err.code !== 'internal' ? err.message : genericFailure)
      }
    }
  }

  // A plate is looked up as soon as it is given, so one we do not know is
  // said on the first step, not after the fourth. An unreachable lookup
  // lets the buyer go on: the valuation asks again.
  const plateKnown = async (values: TradeInValues) => {
    try {
      await findRego(values.rego, options.states.length > 0 ? values.regoState : '')
      return true
    } catch (err) {
      if (!(err instanceof ApiError && err.code === 'invalid')) return true
      let placed = false
      for (const [field, message] of Object.entries(err.fields)) {
        const input = serverFieldToInput(field)
        if (input) {
          form.setError(input, { type: 'server', message })
          placed = true
        }
      }
      if (!placed) showFailure(err.message)
      return false
    }
  }

  // A towed yard's stock (caravans) has no odometer: its flow asks no
  // kilometres and values the caravan at 0 km, as its stock is listed.
  const towed = towedStock(site)
  const steps = towed ? formSteps.filter((s) => s !== 'km') : formSteps

  const next = form.handleSubmit(async () => {
    // The schema's output holds only this step's inputs; the flow needs all.
    const values = form.getValues()
    if (step === 'km') {
      const p = parseKm(values.km)
      if (p.km !== undefined) form.setValue('km', formatKm(p.km))
    }
    if (step === 'details') {
      await getPrice(values)
      return
    }
    if (step === 'car' && values.mode === 'rego' && !(await plateKnown(values))) return
    go(steps[steps.indexOf(step) + 1] ?? 'details')
  }, keepFailure())

  const back = () => go(steps[steps.indexOf(step) - 1] ?? 'car')

  // Accepting the offer is the result step's submit: nothing to check, the
  // offer lead to store.
  const accept = form.handleSubmit(async () => {
    if (!outcome) return
    try {
      await postLead(offerAcceptedLead(outcome.lead.payload, outcome.lead.id), keys.current.accept)
      setOutcome({ ...outcome, accepted: true })
      api('post', '/api/events', {
        body: { event_id: OFFER_ACCEPTED_EVENT, url: window.location.href },
        keepalive: true,
      }).catch((e) => console.warn('Analytics event failed', OFFER_ACCEPTED_EVENT, e))
    } catch (err) {
      showFailure(err instanceof ApiError && err.code !== 'internal' ? err.message : genericFailure)
    }
  })

  return {
    step,
    steps,
    headingRef,
    form,
    errors,
    // Clears every input's message, not the form's own.
    clearInputErrors: () => form.clearErrors([...inputNames]),
    submitting: isSubmitting,
    formError: errors.root?.server?.message ?? '',
    valuation: outcome?.valuation ?? null,
    accepted: outcome?.accepted ?? false,
    needDealership,
    needTerms,
    next,
    back,
    accept,
  }
}

function carOf(v: TradeInValues): CarAnswers {
  return { mode: v.mode, rego: v.rego, regoState: v.regoState, make: v.make, model: v.model, year: v.year, badge: v.badge }
}

function contactOf(v: TradeInValues): Contact {
  return {
    name: v.name,
    last_name: v.last_name,
    email: v.email,
    phone: v.phone,
    postcode: v.postcode,
    dealership_slug: v.dealership_slug,
    terms: v.terms,
  }
}

// errorText reads one input's message.
export function errorText(errors: FieldErrors<TradeInValues>, name: keyof TradeInValues): string | undefined {
  const m = errors[name]?.message
  return typeof m === 'string' && m ? m : undefined
}

export type TradeInFlowState = ReturnType<typeof useTradeInFlow>
