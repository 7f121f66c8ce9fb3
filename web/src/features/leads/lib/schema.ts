import { z } from 'zod'
import type { ResolvedPlan } from './kinds'
import { emailPattern, isValidPhone, postcodePattern, regoPattern } from './rules'
import { texts } from './texts'

// Our content security policy allows no eval: zod must not compile its
// checks with new Function (nor probe whether it may, which the browser
// reports as a policy violation).
z.config({ jitless: true })

// LeadFormValues holds every input any lead form may show; a form's schema
// checks only the ones its plan shows.
export type LeadFormValues = {
  name: string
  last_name: string
  email: string
  phone: string
  postcode: string
  message: string
  rego: string
  subcategory: string
  location_id: string
  dealership_slug: string
  opt_in: boolean
  terms: boolean
  date: string
  time: string
  position: string
  service_type: string
  km: string
  // Option keys (SPEC.md section 5): '… (check_option)' ticks and
  // '…_radio_options' helpers; see applyOptionKeys.
  options: Record<string, boolean | string>
  // Left empty by people; bots fill it.
  website: string
}

// The same words as the server's 422 field messages (internal/leads), so a
// visitor reads one wording whichever side caught the slip.
export const messages = {
  name: 'Name is required.',
  firstName: 'First name is required.',
  lastName: 'Last name is required.',
  emailEmpty: 'Email is required.',
  emailInvalid: 'Email must be an email address like name@example.com.',
  phoneEmpty: 'Phone is required.',
  phoneAU: 'Phone must be an Australian phone number, like 0412 345 678 or 07 3123 4567.',
  phoneNZ: 'Phone must be a New Zealand phone number, like 021 123 4567 or 03 123 4567.',
  postcode: texts.invalidPostcode,
  message: 'Message is required.',
  location: 'Please select a dealership location.',
  department: 'Please select a department.',
  dealership: 'Please select a preferred dealership.',
  subcategory: 'Please select an enquiry type.',
  subcategoryUnknown: 'Please select an enquiry type from the list.',
  terms: texts.termsRequired,
  position: 'Position is required.',
  rego: 'Rego must be letters and numbers only.',
} as const

const anyValue = z.any().optional()
const mobile = (m: string) => m.replace(/^Phone/, 'Mobile')
const text = z.string().trim()

// contactSchema is the shared contact inputs' rules (name, last name, email,
// phone, postcode), mirroring the server's checks.
export function contactShape(
  opts: { splitName: boolean; lastName: 'required' | 'optional' | false; postcode: 'required' | 'optional' | false },
  country = 'AU',
) {
  return {
    name: text.min(1, opts.splitName ? messages.firstName : messages.name).max(100),
    last_name:
      opts.lastName === 'required' ? text.min(1, messages.lastName).max(100) : opts.lastName ? text.max(100) : anyValue,
    email: text
      .min(1, messages.emailEmpty)
      .max(200)
      .refine((v) => v === '' || emailPattern.test(v), messages.emailInvalid),
    // Split-name forms label the number 'Mobile'; their messages say so.
    phone: text
      .min(1, opts.splitName ? mobile(messages.phoneEmpty) : messages.phoneEmpty)
      .refine((v) => v === '' || isValidPhone(v, country), (() => {
        const m = country === 'NZ' ? messages.phoneNZ : messages.phoneAU
        return opts.splitName ? mobile(m) : m
      })()),
    postcode:
      opts.postcode === 'required'
        ? text.regex(postcodePattern, messages.postcode)
        : opts.postcode
          ? text.refine((v) => v === '' || postcodePattern.test(v), messages.postcode)
          : anyValue,
  }
}

export function leadSchema(plan: ResolvedPlan, opts: { departmentWording?: boolean; country?: string } = {}) {
  return z.object({
    ...contactShape(plan, opts.country),
    message: plan.messageNeed === 'required' ? text.min(1, messages.message).max(5000) : text.max(5000).optional(),
    rego: text.refine((v) => v === '' || regoPattern.test(v), messages.rego).optional(),
    subcategory: plan.categorySelect
      ? text.min(1, messages.subcategory).refine((v) => v === '' || plan.categories.includes(v), messages.subcategoryUnknown)
      : anyValue,
    location_id: plan.showLocation
      ? text.min(1, opts.departmentWording ? messages.department : messages.location)
      : anyValue,
    dealership_slug: plan.showDealership ? text.min(1, messages.dealership) : anyValue,
    opt_in: z.boolean().optional(),
    terms: plan.terms ? z.literal(true, { error: plan.termsMessage }) : anyValue,
    date: anyValue,
    time: anyValue,
    position: plan.position ? text.min(1, messages.position).max(200) : anyValue,
    service_type: anyValue,
    km: anyValue,
    options: anyValue,
    website: anyValue,
  })
}

// fieldOrder lists inputs top to bottom, so the error summary reads in the
// order the visitor sees the form.
export const fieldOrder: (keyof LeadFormValues)[] = [
  'subcategory',
  'name',
  'last_name',
  'email',
  'phone',
  'postcode',
  'position',
  'dealership_slug',
  'location_id',
  'rego',
  'date',
  'time',
  'service_type',
  'km',
  'message',
  'opt_in',
  'terms',
]

// serverFieldToInput maps a 422 `fields` key from POST /api/leads to the
// input that shows it.
export function serverFieldToInput(key: string): keyof LeadFormValues | null {
  const map: Record<string, keyof LeadFormValues> = {
    name: 'name',
    first_name: 'name',
    last_name: 'last_name',
    email: 'email',
    phone: 'phone',
    postcode: 'postcode',
    message: 'message',
    rego: 'rego',
    subcategory: 'subcategory',
    location_id: 'location_id',
    dealership_slug: 'dealership_slug',
    terms: 'terms',
    terms_accepted: 'terms',
    dateTime: 'date',
    date_time: 'date',
    position: 'position',
  }
  return map[key] ?? null
}
