import { z } from './zod'
import { api } from './api'
import type { components, paths } from './api-types'
import { leadMessages } from './lead-messages'
import { emailPattern, isValidPhone, postcodePattern, regoPattern } from './lead-rules'

// One lead, one set of rules: every form that sends a lead (the lead forms,
// the trade-in flow) checks its contact inputs with the rules here and sends
// with postLead, so an address or a number one form accepts no other refuses.


// LeadRequest is POST /api/leads' body as the API describes it.
export type LeadRequest = components['schemas']['LeadRequest']
export type LeadCategory = LeadRequest['category']
export type LeadCreated = paths['/api/leads']['post']['responses'][201]['content']['application/json']

export { leadMessages } from './lead-messages'

const anyValue = z.any().optional()
const mobile = (m: string) => m.replace(/^Phone/, 'Mobile')
const text = z.string().trim()

export const emailRule = text
  .min(1, leadMessages.emailEmpty)
  .max(200)
  .refine((v) => v === '' || emailPattern.test(v), leadMessages.emailInvalid)

// phoneRule: a number the dealer can call back in the site's country.
// Forms that label the number 'Mobile' word their messages so.
export function phoneRule(country = 'AU', label: 'Phone' | 'Mobile' = 'Phone') {
  const word = (m: string) => (label === 'Mobile' ? mobile(m) : m)
  return text
    .min(1, word(leadMessages.phoneEmpty))
    .refine((v) => v === '' || isValidPhone(v, country), word(country === 'NZ' ? leadMessages.phoneNZ : leadMessages.phoneAU))
}

export const postcodeRule = text.regex(postcodePattern, leadMessages.postcode)
export const optionalPostcodeRule = text.refine((v) => v === '' || postcodePattern.test(v), leadMessages.postcode)
export const regoRule = text.refine((v) => v === '' || regoPattern.test(v), leadMessages.rego)

// contactShape is the contact inputs' rules (name, last name, email, phone,
// postcode), mirroring the server's checks.
export function contactShape(
  opts: { splitName: boolean; lastName: 'required' | 'optional' | false; postcode: 'required' | 'optional' | false },
  country = 'AU',
) {
  return {
    name: text.min(1, opts.splitName ? leadMessages.firstName : leadMessages.name).max(100),
    last_name:
      opts.lastName === 'required' ? text.min(1, leadMessages.lastName).max(100) : opts.lastName ? text.max(100) : anyValue,
    email: emailRule,
    phone: phoneRule(country, opts.splitName ? 'Mobile' : 'Phone'),
    postcode: opts.postcode === 'required' ? postcodeRule : opts.postcode ? optionalPostcodeRule : anyValue,
  }
}

const categories = [
  'enquiry',
  'test_drive',
  'request_photos',
  'finance',
  'trade_in',
  'contact',
  'parts',
  'service',
  'careers',
  'find_similar',
  'reserve',
] as const satisfies readonly LeadCategory[]

// leadRequestSchema is the lead as it is sent, with the same rules: a
// payload that passes it is one the server's field checks pass too.
export function leadRequestSchema(country = 'AU') {
  const { name, email, phone } = contactShape({ splitName: false, lastName: 'optional', postcode: 'optional' }, country)
  return z.looseObject({
    category: z.enum(categories),
    subcategory: text.optional(),
    name,
    last_name: text.max(100).optional(),
    email,
    phone,
    postcode: optionalPostcodeRule.optional(),
    message: text.max(5000).optional(),
    rego: regoRule.optional(),
    opt_in: z.boolean().optional(),
    terms: z.boolean().optional(),
    dealership_slug: z.string().optional(),
    car_id: z.number().int().optional(),
    location_id: z.number().int().optional(),
    dateTime: z.string().optional(),
    url: z.string().optional(),
    user_agent: z.string().optional(),
    website: z.string().optional(),
    additional_services: z.array(z.string()).optional(),
    lead_attributes: z
      .object({ visited_pages: z.array(z.string()).optional(), linked_query_params: z.record(z.string(), z.string()).optional() })
      .optional(),
  })
}

// Checked when the app is compiled: what the schema lets through is a
// LeadRequest as the API describes it, and every category the API knows is
// one the schema knows.
type Assignable<T extends U, U> = T
export type CheckedLeadRequest = Assignable<z.output<ReturnType<typeof leadRequestSchema>>, LeadRequest>
export type CheckedCategories = Assignable<LeadCategory, (typeof categories)[number]>

// newIdempotencyKey names one attempt at sending a lead.
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
}

// postLead sends one lead. The Idempotency-Key makes a retry of the same
// attempt return the same lead instead of storing a second one.
export function postLead(payload: LeadRequest, idempotencyKey: string): Promise<LeadCreated> {
  return api('post', '/api/leads', {
    body: payload,
    headers: { 'Idempotency-Key': idempotencyKey },
  })
}
