// The trade-in flow's pure parts: step order, which step a server field
// belongs to, and the lead payloads (docs/behaviour/calls.md, lead steps).
import { z } from '@/lib/zod'
import { contactShape, leadMessages, type LeadRequest } from '@/lib/lead-schema'
import type { TradeInQuestion, TradeInValuation } from '../api/trade-in'
import { parseKm } from './km'

export const steps = ['car', 'km', 'condition', 'details', 'result'] as const
export type Step = (typeof steps)[number]

export const stepTitles: Record<Step, string> = {
  car: 'Your car',
  km: 'Kilometres',
  condition: 'Condition',
  details: 'Your details',
  result: 'Your price',
}

// stepTitle is a step's title in the site's words: the first step names
// what the site calls its stock (wording.stock_noun: "Your caravan").
export function stepTitle(step: Step, noun = 'car'): string {
  return step === 'car' ? `Your ${noun}` : stepTitles[step]
}

// nounTitle puts the site's noun in a page title written for cars
// ("Sell My Car" on a caravan site reads "Sell My Caravan").
export function nounTitle(title: string, noun = 'car'): string {
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1)
  return title.replace(/\bCar\b/g, Noun).replace(/\bcar\b/g, noun)
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

export const answerMessage = 'Please answer this question.'

// TradeInValues are the flow's answers, one form across its steps: each
// step's schema checks only the inputs that step shows.
export type TradeInValues = CarAnswers & Contact & {
  // The odometer as typed ("45,000" or "45,000 kms"); lib/km reads it.
  km: string
  // The condition answers: question id to option id.
  answers: Record<string, string>
}

// chosen is a choice that must be made; an input the page does not draw
// (e.g. a disabled select) reads as no choice, with the same message.
const chosen = (message: string) => z.string({ error: message }).min(1, message)

// carSchema checks the car step: the rego (letters and numbers, up to 9,
// spaces and dashes aside) and its state, or the make, model and year. A
// site with no registration states (New Zealand: plates are national)
// asks for the plate alone.
export const carSchema = (withState = true) =>
  z.discriminatedUnion('mode', [
    z.object({
      mode: z.literal('rego'),
      rego: z.string().refine((v) => /^[A-Za-z0-9]{1,9}$/.test(v.replace(/[\s-]/g, '')), carMessages.rego),
      regoState: withState ? chosen(carMessages.regoState) : z.string().optional(),
    }),
    z.object({
      mode: z.literal('make'),
      make: chosen(carMessages.make),
      model: chosen(carMessages.model),
      year: z.string().regex(/^\d{4}$/, carMessages.year),
    }),
  ])

// kmSchema checks the kilometres step with lib/km's rule and words.
export const kmSchema = z.object({
  km: z.string().superRefine((v, ctx) => {
    const p = parseKm(v)
    if (p.error) ctx.addIssue({ code: 'custom', message: p.error })
  }),
})

// answersSchema checks the condition step: one answer to each question.
export function answersSchema(questions: TradeInQuestion[]) {
  return z.object({
    answers: z.object(Object.fromEntries(questions.map((q) => [q.id, chosen(answerMessage)]))),
  })
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

// stepSchema is the check a step runs before the next; the result step
// (accepting the offer) has no inputs to check.
export function stepSchema(step: Step, questions: TradeInQuestion[], contact: ContactOptions, states: readonly string[] = ['QLD']) {
  switch (step) {
    case 'car':
      return carSchema(states.length > 0)
    case 'km':
      return kmSchema
    case 'condition':
      return answersSchema(questions)
    case 'details':
      return contactSchema(contact)
    default:
      return z.object({})
  }
}

// serverFieldToInput maps a 422 `fields` key from the valuation or the lead
// to the input that shows it; null for a field no step draws.
export function serverFieldToInput(field: string): keyof TradeInValues | `answers.${string}` | null {
  if (field.startsWith('adjustmentAnswers.')) return `answers.${field.slice('adjustmentAnswers.'.length)}`
  return (inputNames as readonly string[]).includes(field) ? (field as keyof TradeInValues) : null
}

// inputNames lists every input of the flow, for clearing their messages
// (and not the form's own message above them).
export const inputNames = [
  'mode',
  'rego',
  'regoState',
  'make',
  'model',
  'year',
  'badge',
  'km',
  'answers',
  'name',
  'last_name',
  'email',
  'phone',
  'postcode',
  'dealership_slug',
  'terms',
] as const satisfies readonly (keyof TradeInValues)[]

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
