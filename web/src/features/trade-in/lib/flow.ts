// The trade-in flow's pure parts: step order, which step a server field
// belongs to, and the lead payloads (SPEC.md section 7, lead steps).
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

// SPEC.md section 7: offer acceptance is a lead with this subcategory.
export const SUBCATEGORY_VALUATION = '2. Valuation Provided'
export const SUBCATEGORY_DETAILS_SENT = '1. Details Sent'
export const SUBCATEGORY_OFFER_ACCEPTED = '3. Offer Accepted'
export const OFFER_ACCEPTED_EVENT = 18 // SPEC.md section 7, analytics ids

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

export const contactMessages = {
  name: 'Name is required.',
  email: 'Email is required.',
  emailShape: 'Email must be an email address like name@example.com.',
  phone: 'Phone is required.',
  postcode: 'Invalid postcode. Please enter a 4-digit number.',
  dealership: 'Please select a preferred dealership.',
  terms: '*You must agree to the terms of use before submitting.',
} as const

// validateContact checks what the browser can; the server has the last word
// on phone formats and answers per field.
export function validateContact(c: Contact, opts: { needDealership: boolean; needTerms: boolean; termsMessage?: string }): Errors {
  const e: Errors = {}
  if (!c.name.trim()) e.name = contactMessages.name
  if (!c.email.trim()) e.email = contactMessages.email
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(c.email.trim())) e.email = contactMessages.emailShape
  if (!c.phone.trim()) e.phone = contactMessages.phone
  if (c.postcode.trim() && !/^\d{4}$/.test(c.postcode.trim())) e.postcode = contactMessages.postcode
  if (opts.needDealership && !c.dealership_slug) e.dealership_slug = contactMessages.dealership
  // The site's wording, as the server words its answer.
  if (opts.needTerms && !c.terms) e.terms = opts.termsMessage || contactMessages.terms
  return e
}

// answerLabels turns answer ids into the questions and answers a dealer reads.
export function answerLabels(questions: TradeInQuestion[], answers: Record<string, string>) {
  return questions.map((q) => ({
    question: q.label,
    answer: q.options.find((o) => o.id === answers[q.id])?.label ?? '',
  }))
}

const money = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD', maximumFractionDigits: 0 })
export const formatPrice = (n: number) => money.format(n)

export interface LeadContext {
  contact: Contact
  car: CarAnswers
  valuation: TradeInValuation
  questions: TradeInQuestion[]
  answers: Record<string, string>
  targetCarId?: number
  url: string
  userAgent: string
}

// valuationLead is the lead stored when the buyer asks for a price.
export function valuationLead(x: LeadContext): Record<string, unknown> {
  const v = x.valuation
  const summary = [
    `Trade-in: ${v.car.year} ${v.car.make} ${v.car.model}${v.car.badge ? ` ${v.car.badge}` : ''}, ${v.car.km.toLocaleString('en-AU')} km.`,
    v.estimate && v.low && v.high
      ? `Instant price offered: ${formatPrice(v.low)} to ${formatPrice(v.high)}.`
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

// offerAcceptedLead is SPEC.md section 7's offer acceptance step.
export function offerAcceptedLead(first: Record<string, unknown>, leadId: string): Record<string, unknown> {
  return {
    ...first,
    subcategory: SUBCATEGORY_OFFER_ACCEPTED,
    offer_accepted: true,
    form_completed: true,
    lead_id: leadId,
  }
}
