// The trade-in flow's pure parts: step order, which step a server field
// belongs to, and the lead payloads (docs/behaviour/calls.md, lead steps).
import { z } from '@/lib/zod'
import { contactShape, leadMessages, type LeadRequest } from '@/lib/lead-schema'
import type { TradeInQuestion, TradeInValuation } from '../api/trade-in'

export const steps = ['car', 'km', 'condition', 'details', 'result'] as const
export type Step = (typeof steps)[number]

export const stepTitles: Record<Step, string> = {
  car: 'Your car',
  km: 'Kilometres',
  condition: 'Condition',
  details: 'Your details',
  result: 'Your price',
}

// docs/behaviour/calls.md: offer acceptance is a lead with this subcategory.
export const SUBCATEGORY_VALUATION = '2. Valuation Provided'
export const SUBCATEGORY_DETAILS_SENT = '1. Details Sent'
export const SUBCATEGORY_OFFER_ACCEPTED = '3. Offer Accepted'
export const OFFER_ACCEPTED_EVENT = 18 // docs/behaviour/calls.md, analytics ids

export type CarMode = 'rego' | 'make'

export interface CarAnswers {
  mode: CarMode
  rego: string
  regoState: string
  make: string
  model: string
  year: string
  badge: string
}

export interface Contact {
  name: string
  last_name: string
  email: string
  phone: string
  postcode: string
  dealership_slug: string
  terms: boolean
}

export type Errors = Record<string, string>

// stepOfField places a server field error on the step that asks for it.
export function stepOfField(field: string): Step {
  if (field === 'km') return 'km'
  if (field.startsWith('adjustmentAnswers')) return 'condition'
  if (['rego', 'regoState', 'make', 'model', 'year', 'badge'].includes(field)) return 'car'
  return 'details'
}

// firstStepWithError is the earliest step any error belongs to.
export function firstStepWithError(errors: Errors): Step | null {
  const fields = Object.keys(errors)
  if (fields.length === 0) return null
  return steps.find((s) => fields.some((f) => stepOfField(f) === s)) ?? 'details'
}

export const carMessages = {
  rego: 'Please enter the rego (letters and numbers only, up to 9).',
  regoState: 'Please choose the state the car is registered in.',
  make: 'Please choose the make.',
  model: 'Please choose the model.',
  year: 'Please choose the year.',
} as const

export function validateCar(c: CarAnswers): Errors {
  const e: Errors = {}
  if (c.mode === 'rego') {
    const rego = c.rego.replace(/[\s-]/g, '')
    if (!/^[A-Za-z0-9]{1,9}$/.test(rego)) e.rego = carMessages.rego
    if (!c.regoState) e.regoState = carMessages.regoState
    return e
  }
  if (!c.make) e.make = carMessages.make
  if (!c.model) e.model = carMessages.model
  if (!/^\d{4}$/.test(c.year)) e.year = carMessages.year
  return e
}

export const answerMessage = 'Please answer this question.'

export function validateAnswers(questions: TradeInQuestion[], answers: Record<string, string>): Errors {
  const e: Errors = {}
  for (const q of questions) if (!answers[q.id]) e[`adjustmentAnswers.${q.id}`] = answerMessage
  return e
}

// The details step's own messages; the contact inputs' are the shared lead
// rules' (lib/lead-schema), the same as every lead form's.
export const contactMessages = {
  dealership: leadMessages.dealership,
  terms: leadMessages.terms,
} as const

export type ContactOptions = { needDealership: boolean; needTerms: boolean; termsMessage?: string; country?: string }

// contactSchema checks the details step with the lead forms' rules: name,
// email and a number the dealer can call back; an optional last name and
// postcode; the preferred dealership and the terms where the site needs them.
export function contactSchema(opts: ContactOptions) {
  return z.object({
    ...contactShape({ splitName: false, lastName: 'optional', postcode: 'optional' }, opts.country),
    dealership_slug: opts.needDealership ? z.string().min(1, contactMessages.dealership) : z.string(),
    // The site's wording, as the server words its answer.
    terms: opts.needTerms ? z.literal(true, { error: opts.termsMessage || contactMessages.terms }) : z.boolean(),
  })
}

// validateContact answers the first message for each input that needs one.
export function validateContact(c: Contact, opts: ContactOptions): Errors {
  const result = contactSchema(opts).safeParse(c)
  const e: Errors = {}
  if (result.success) return e
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '')
    if (field && !(field in e)) e[field] = issue.message
  }
  return e
}

// answerLabels turns answer ids into the questions and answers a dealer reads.
export function answerLabels(questions: TradeInQuestion[], answers: Record<string, string>) {
  return questions.map((q) => ({
    question: q.label,
    answer: q.options.find((o) => o.id === answers[q.id])?.label ?? '',
  }))
}

// formatPrice shows whole dollars of the site's currency with its narrow
// symbol: $18,400 on an Australian or a New Zealand site alike.
export function formatPrice(n: number, currency: string): string {
  return new Intl.NumberFormat('en-AU', { style: 'currency', currency, currencyDisplay: 'narrowSymbol', maximumFractionDigits: 0 }).format(n)
}

export interface LeadContext {
  contact: Contact
  car: CarAnswers
  valuation: TradeInValuation
  questions: TradeInQuestion[]
  answers: Record<string, string>
  targetCarId?: number
  // The site's currency (its config), for the prices in the dealer's summary.
  currency: string
  url: string
  userAgent: string
}

// valuationLead is the lead stored when the buyer asks for a price.
export function valuationLead(x: LeadContext): LeadRequest {
  const v = x.valuation
  const summary = [
    `Trade-in: ${v.car.year} ${v.car.make} ${v.car.model}${v.car.badge ? ` ${v.car.badge}` : ''}, ${v.car.km.toLocaleString('en-AU')} km.`,
    v.estimate && v.low && v.high
      ? `Instant price offered: ${formatPrice(v.low, x.currency)} to ${formatPrice(v.high, x.currency)}.`
      : `No online estimate: ${v.message}`,
  ].join(' ')
  const c = x.contact
  return {
    category: 'trade_in',
    subcategory: v.estimate ? SUBCATEGORY_VALUATION : SUBCATEGORY_DETAILS_SENT,
    name: c.name.trim(),
    last_name: c.last_name.trim(),
    email: c.email.trim(),
    phone: c.phone.trim(),
    ...(c.postcode.trim() ? { postcode: c.postcode.trim() } : {}),
    ...(c.dealership_slug ? { dealership_slug: c.dealership_slug } : {}),
    ...(c.terms ? { terms: true } : {}),
    message: summary,
    ...(v.car.rego ? { rego: v.car.rego, regoState: v.car.regoState } : {}),
    'Vehicle Make': v.car.make,
    'Vehicle Model': v.car.model,
    year: v.car.year,
    km: v.car.km,
    adjustmentAnswers: answerLabels(x.questions, x.answers),
    valuation: v.estimate ? { low: v.low, high: v.high, comparables: v.comparables } : { reason: v.reason },
    ...(x.targetCarId ? { car_id: x.targetCarId } : {}),
    offer_accepted: false,
    form_completed: !v.estimate,
    source: 'Website',
    url: x.url,
    user_agent: x.userAgent,
  }
}

// offerAcceptedLead is docs/behaviour/calls.md's offer acceptance step.
export function offerAcceptedLead(first: LeadRequest, leadId: string): LeadRequest {
  return {
    ...first,
    subcategory: SUBCATEGORY_OFFER_ACCEPTED,
    offer_accepted: true,
    form_completed: true,
    lead_id: leadId,
  }
}
