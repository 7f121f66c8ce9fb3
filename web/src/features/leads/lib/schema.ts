import { z } from '@/lib/zod'
import { contactShape, leadMessages, regoRule } from '@/lib/lead-schema'
import type { ResolvedPlan } from './kinds'
import { dateProblem, dateProblemMessage, type BookingWindow } from '../api/get-appointments'

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
  // Option keys (docs/behaviour/validation.md): '… (check_option)' ticks and
  // '…_radio_options' helpers; see applyOptionKeys.
  options: Record<string, boolean | string>
  // Left empty by people; bots fill it.
  website: string
}

// The lead forms' messages are the shared lead rules' (lib/lead-schema).
export const messages = leadMessages

const anyValue = z.any().optional()
const text = z.string().trim()

// odometerRule: whole kilometres, digits with optional thousands
// separators ("45000", "45,000", "45 000"), or nothing.
export const odometerPattern = /^\d{1,3}([, ]?\d{3})?$/
const odometerRule = z
  .union([text, z.undefined()])
  .refine((v) => !v || odometerPattern.test(v), messages.odometer)

// Booking is what the booking rules read when the form is checked: the
// chosen location's open days (GET /api/appointments/days) and its name.
export type Booking = { window?: BookingWindow; where: string }

// timeNeeded is the message of a booking with a day but no time.
export function timeNeeded(plan: Pick<ResolvedPlan, 'service' | 'noun'>): string {
  const what = plan.service ? 'service' : plan.noun.replace(/ request$/, '')
  return `Preferred Time: please choose a time for your ${what}, or clear the date.`
}

export function leadSchema(
  plan: ResolvedPlan,
  opts: { departmentWording?: boolean; country?: string; booking?: () => Booking } = {},
) {
  const booking = plan.testDrive || plan.service
  return z.object({
    ...contactShape(plan, opts.country),
    message: plan.messageNeed === 'required' ? text.min(1, messages.message).max(5000) : text.max(5000).optional(),
    rego: regoRule.optional(),
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
    km: odometerRule,
    options: anyValue,
    website: anyValue,
  }).superRefine((v, ctx) => {
    // docs/behaviour/validation.md#bookings: a day must be one of the
    // location's open days, and a day needs one of its times.
    const date = typeof v.date === 'string' ? v.date.trim() : ''
    if (!booking || !date) return
    const b = opts.booking?.()
    const problem = dateProblem(date, b?.window)
    if (problem) ctx.addIssue({ code: 'custom', path: ['date'], message: dateProblemMessage(date, problem, b?.where ?? '') })
    else if (!v.time) ctx.addIssue({ code: 'custom', path: ['time'], message: timeNeeded(plan) })
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
    dateTime: 'time',
    date_time: 'time',
    position: 'position',
  }
  return map[key] ?? null
}
