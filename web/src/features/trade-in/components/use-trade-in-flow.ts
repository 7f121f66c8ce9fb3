import { useEffect, useRef, useState, type FormEvent } from 'react'
import { ApiError, apiFetch } from '@/lib/api'
import { newIdempotencyKey, postLead, type LeadRequest } from '@/lib/lead-schema'
import { useSite } from '@/lib/site'
import { logValuation, postValuation, type TradeInOptions, type TradeInValuation } from '../api/trade-in'
import {
  firstStepWithError,
  offerAcceptedLead,
  OFFER_ACCEPTED_EVENT,
  validateAnswers,
  validateCar,
  validateContact,
  valuationLead,
  type CarAnswers,
  type Contact,
  type Errors,
  type Step,
} from '../lib/flow'
import { formatKm, parseKm } from '../lib/km'

export const formSteps: Step[] = ['car', 'km', 'condition', 'details']
const genericFailure = 'An error occurred when submitting this form'

export type TargetCar = { id: number; name: string }

// useTradeInFlow holds the flow's answers and moves between its steps: each
// step is checked before the next, the details step asks for the valuation
// and stores the lead, and the result step accepts the offer.
export function useTradeInFlow(options: TradeInOptions, targetCar?: TargetCar) {
  const site = useSite()
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
  const [lead, setLead] = useState<{ id: string; payload: LeadRequest } | null>(null)
  const [accepted, setAccepted] = useState(false)
  const keys = useRef({ valuation: newIdempotencyKey(), accept: newIdempotencyKey() })
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

  const submit = async () => {
    const errs = validateContact(contact, { needDealership, needTerms, termsMessage: site.wording.terms_message, country: site.country })
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
        currency: site.currency,
        url: window.location.href,
        userAgent: navigator.userAgent,
      })
      const created = await postLead(payload, keys.current.valuation)
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

  const back = () => go(formSteps[formSteps.indexOf(step) - 1] ?? 'car')

  const accept = async () => {
    if (!lead) return
    setSubmitting(true)
    setFormError('')
    try {
      await postLead(offerAcceptedLead(lead.payload, lead.id), keys.current.accept)
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

  return {
    step,
    headingRef,
    errors,
    setErrors,
    car,
    setCar,
    kmText,
    setKmText,
    answers,
    setAnswers,
    contact,
    setContact,
    submitting,
    formError,
    valuation,
    accepted,
    needDealership,
    needTerms,
    next,
    back,
    accept,
  }
}

export type TradeInFlowState = ReturnType<typeof useTradeInFlow>
