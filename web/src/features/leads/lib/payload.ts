import { defaultLocationId, type CarSummary, type FormContext, type LeadKind, type ResolvedPlan } from './kinds'
import type { LeadCategory, LeadRequest } from '@/lib/lead-schema'
import type { LeadFormValues } from './schema'
import { linkedQueryParams, visitedPages } from './visits'

// LeadPayload is the lead the forms send: a LeadRequest (lib/lead-schema)
// whose common fields are always there.
export type LeadPayload = LeadRequest & {
  category: LeadCategory
  subcategory: string
  name: string
  email: string
  phone: string
  message: string
  opt_in: boolean
  source: 'Website'
  url: string
  user_agent: string
  lead_attributes: { visited_pages: string[]; linked_query_params: Record<string, string> }
  additional_services?: string[]
}

const checkSuffix = '(check_option)'

// applyOptionKeys follows docs/behaviour/validation.md: option keys containing
// '_radio_options' are dropped; options ending '(check_option)' that are
// true move into additional_services (by their label, without the suffix);
// any other option is kept as its own field.
export function applyOptionKeys(options: Record<string, unknown> | undefined): {
  fields: Record<string, unknown>
  additional_services: string[]
} {
  const fields: Record<string, unknown> = {}
  const additional_services: string[] = []
  for (const [key, value] of Object.entries(options ?? {})) {
    if (key.includes('_radio_options')) continue
    if (key.endsWith(checkSuffix)) {
      if (value === true) additional_services.push(key.slice(0, -checkSuffix.length).trim())
      continue
    }
    fields[key] = value
  }
  return { fields, additional_services }
}

export function slugify(s: string): string {
  return s
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

// carFields are the lead's car fields of docs/behaviour/entities.md.
export function carFields(car: CarSummary): Record<string, unknown> {
  return {
    car_id: car.id,
    stock_number: car.stocknum ?? '',
    'Vehicle Make': car.make,
    'Vehicle Model': car.model,
    car_type: car.car_type,
    vehicle_status: car.status ?? '',
    car_dealership_id: car.dealership_id,
    dealership_slug: car.dealership_slug ?? '',
    manufacturer_slug: slugify(car.make),
    ...(car.location_id ? { location_id: car.location_id } : {}),
  }
}

export type PayloadInput = {
  kind: LeadKind
  plan: ResolvedPlan
  values: LeadFormValues
  context: FormContext
  // Fields a caller adds (e.g. the finance page's budget, a trade-in's
  // valuation): kept as received by the server.
  extra?: Record<string, unknown>
  // For tests; default to the browser's.
  url?: string
  userAgent?: string
}

// details lists the answers of a booking or application that have no field
// of their own in the behaviour docs' payload, for the message the dealer reads.
function detailLines(values: LeadFormValues, plan: ResolvedPlan): string[] {
  const lines: string[] = []
  if (plan.position && values.position.trim()) lines.push(`Position: ${values.position.trim()}`)
  if (plan.service) {
    if (values.service_type) lines.push(`Service: ${values.service_type}`)
    if (values.date) lines.push(`Preferred date: ${values.date}`)
    if (values.km.trim()) lines.push(`Odometer: ${values.km.trim()} km`)
  }
  return lines
}

export function buildLeadPayload(input: PayloadInput): LeadPayload {
  const { plan, values, context, extra } = input
  const { car, location, site } = context
  const options = applyOptionKeys(values.options)
  const typed = values.message?.trim() ?? ''
  const message = [plan.hiddenMessage ?? '', ...detailLines(values, plan), typed].filter(Boolean).join('\n\n')

  const payload: LeadPayload = {
    category: plan.category,
    subcategory: plan.categorySelect ? values.subcategory || plan.subcategory : plan.subcategory,
    name: values.name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    message,
    opt_in: Boolean(values.opt_in),
    source: 'Website',
    url: input.url ?? window.location.href,
    user_agent: input.userAgent ?? window.navigator.userAgent,
    lead_attributes: { visited_pages: visitedPages(), linked_query_params: linkedQueryParams() },
    ...options.fields,
  }
  if (plan.lastName) payload.last_name = values.last_name.trim()
  if (plan.postcode) payload.postcode = values.postcode.trim()
  if (plan.rego && values.rego.trim()) payload.rego = values.rego.trim().toUpperCase()
  if (plan.terms) payload.terms_accepted = values.terms === true
  if (values.website) payload.website = values.website
  if (car) Object.assign(payload, carFields(car))
  if (location) {
    payload.location_id = location.id
    if (location.dealership_slug) payload.dealership_slug = location.dealership_slug
  }
  if (plan.showLocation && values.location_id) payload.location_id = Number(values.location_id)
  if (plan.showDealership && values.dealership_slug) payload.dealership_slug = values.dealership_slug
  if (!payload.location_id && plan.needsLocation && !plan.showLocation) {
    const id = defaultLocationId(site, plan)
    if (id) payload.location_id = id
  }
  if (!payload.dealership_slug && payload.location_id) {
    const loc = site.locations.find((l) => l.id === payload.location_id)
    if (loc?.dealership_slug) payload.dealership_slug = loc.dealership_slug
  }
  if (!payload.dealership_slug && site.dealerships.length === 1) payload.dealership_slug = site.dealerships[0]!.slug
  if ((plan.testDrive || plan.service) && values.time) payload.dateTime = values.time
  if (plan.service && values.service_type) payload.service_type = values.service_type
  if (plan.service && values.date) payload.preferred_date = values.date
  if (plan.position && values.position.trim()) payload.position = values.position.trim()
  if (options.additional_services.length > 0) payload.additional_services = options.additional_services
  if (input.kind === 'multi_step') payload.form_completed = true
  // docs/behaviour/calls.md, lead steps: offer acceptance carries offer_accepted
  // and form_completed.
  if (input.kind === 'reserve') {
    payload.offer_accepted = true
    payload.form_completed = true
  }
  return { ...payload, ...(extra ?? {}) }
}
