import type { Location, Site } from '@/lib/api'
import type { LeadCategory } from '@/lib/lead-schema'
import { viewingFor, viewingWords } from '@/lib/viewing'
import { texts } from './texts'

// LeadKind names each form of docs/behaviour/screens.md#dialogs-and-forms and the
// page forms (parts, service, careers). Each maps to one API category.
export type LeadKind =
  | 'enquiry'
  | 'test_drive'
  | 'request_photos'
  | 'finance'
  | 'email_us'
  | 'multi_step'
  | 'trade_in'
  | 'contact'
  | 'find_similar'
  | 'parts'
  | 'service'
  | 'careers'
  | 'chat'
  | 'reserve'

// LeadCategory is the API's: LeadRequest's category.
export type { LeadCategory }

// CarSummary is what a lead needs from a car; a search hit or the vehicle
// page's car both fit.
export type CarSummary = {
  id: number
  slug: string
  name: string
  make: string
  model: string
  car_type: 'new' | 'used' | 'demo'
  status?: string
  year?: number
  stocknum?: string
  dealership_id?: number
  dealership_slug?: string
  location_id?: number
  location_name?: string
  item_type?: string
  custom_tag?: string
  // The derived card tag ('Test Drive Only', …) when the caller has it.
  tag?: { label: string } | string | null
}

type Need = 'required' | 'optional' | false

// FormPlan says which inputs a form shows and which are required. Site flags
// (message_optional, terms_required) and the site's dealerships/locations
// adjust it in planFor.
export type FormPlan = {
  category: LeadCategory
  subcategory: string
  title: string
  // What /success says was sent ('Your … has been sent').
  noun: string
  submitLabel: string
  // First name + last name (trade-in, contact) instead of one name field.
  splitName: boolean
  lastName: Need
  postcode: Need
  message: Need
  messageLabel: string
  rego: boolean
  categorySelect: boolean
  testDrive: boolean
  service: boolean
  position: boolean
  // Which kind of location the visitor picks from when none is given.
  locationTypes: 'sales' | 'service' | 'parts'
  // Must a location be chosen when the site has several? The server asks
  // it of enquiries, contact, parts and service leads, and of test drives
  // (whose free times are per location).
  needsLocation: boolean
  // The terms box shows whatever the site's terms_required flag says (a
  // reservation commits the buyer to the dealer's terms).
  termsAlways?: boolean
  // The lead goes to the default location without asking (the chat panel
  // stays short; the server needs somewhere to send it).
  fixedLocation?: boolean
  hiddenMessage?: string
}

const base: Omit<FormPlan, 'category' | 'subcategory' | 'title' | 'noun'> = {
  submitLabel: 'Send Enquiry',
  splitName: false,
  lastName: false,
  postcode: false,
  message: 'required',
  messageLabel: 'Message',
  rego: false,
  categorySelect: false,
  testDrive: false,
  service: false,
  position: false,
  locationTypes: 'sales',
  needsLocation: false,
}

export const plans: Record<LeadKind, FormPlan> = {
  // docs/behaviour/validation.md: general enquiries (enquiry, email us, the guided
  // enquiry and contact forms) show the required category selector; the
  // server checks the choice against the site's list.
  enquiry: { ...base, noun: 'enquiry', category: 'enquiry', subcategory: 'General Enquiry', title: 'Enquire Now', rego: true, categorySelect: true, needsLocation: true },
  test_drive: {
    ...base, noun: 'test drive request',
    category: 'test_drive',
    subcategory: 'Test Drive',
    title: 'Book a Test Drive',
    submitLabel: 'Book Test Drive',
    message: 'optional',
    testDrive: true,
    needsLocation: true,
  },
  request_photos: {
    ...base, noun: 'photo request',
    category: 'request_photos',
    subcategory: 'Request Photos',
    title: 'Request Photos',
    submitLabel: 'Request Photos',
    message: 'optional',
    hiddenMessage: 'Please send photos for this car',
  },
  finance: {
    ...base, noun: 'finance enquiry',
    category: 'finance',
    subcategory: 'Finance Enquiry',
    title: 'Finance Enquiry',
    message: 'optional',
  },
  email_us: { ...base, noun: 'message', category: 'enquiry', subcategory: 'General Enquiry', title: 'Email Us', submitLabel: 'Send Email', categorySelect: true, needsLocation: true },
  multi_step: { ...base, noun: 'enquiry', category: 'enquiry', subcategory: 'General Enquiry', title: 'Enquire Now', submitLabel: 'Submit', categorySelect: true, needsLocation: true },
  trade_in: {
    ...base, noun: 'trade-in request',
    category: 'trade_in',
    subcategory: 'Trade-In',
    title: 'Trade-In Valuation',
    submitLabel: 'Get My Valuation',
    splitName: true,
    lastName: 'required',
    postcode: 'required',
    message: 'optional',
    messageLabel: 'Tell us about your car',
  },
  contact: {
    ...base, noun: 'message',
    category: 'contact',
    subcategory: 'General Enquiry',
    title: 'Contact Us',
    categorySelect: true,
    splitName: true,
    lastName: 'required',
    postcode: 'required',
    needsLocation: true,
  },
  find_similar: {
    ...base, noun: 'request',
    category: 'find_similar',
    subcategory: 'Find Me Something Similar',
    title: 'Find Me Something Similar',
    submitLabel: 'Find Me Something Similar',
    messageLabel: 'What are you looking for?',
  },
  parts: {
    ...base, noun: 'parts enquiry',
    category: 'parts',
    subcategory: 'Parts Enquiry',
    title: 'Parts and Accessories Enquiry',
    messageLabel: 'Parts or accessories needed',
    rego: true,
    locationTypes: 'parts',
    needsLocation: true,
  },
  service: {
    ...base, noun: 'service booking request',
    category: 'service',
    subcategory: 'Service Booking',
    title: 'Book a Service',
    submitLabel: 'Request Booking',
    messageLabel: 'What does your car need?',
    rego: true,
    service: true,
    locationTypes: 'service',
    needsLocation: true,
  },
  // docs/behaviour/roles.md: Instant Message (chat) is an enquiry labelled
  // 'Instant Message'; the chat panel asks only for the message and contact.
  chat: {
    ...base, noun: 'message',
    category: 'enquiry',
    subcategory: 'Instant Message',
    title: 'Instant Message',
    submitLabel: 'Send Message',
    needsLocation: true,
    fixedLocation: true,
  },
  // Reserve and buy online (docs/behaviour/screens.md#route-checkout): the
  // buyer accepts the offer on one car
  // (docs/behaviour/calls.md#lead-submission, lead steps: '3. Offer Accepted').
  reserve: {
    ...base, noun: 'reservation request',
    category: 'reserve',
    subcategory: '3. Offer Accepted',
    title: 'Reserve Now',
    submitLabel: 'Reserve Now',
    splitName: true,
    lastName: 'required',
    postcode: 'required',
    message: false,
    termsAlways: true,
  },
  careers: {
    ...base, noun: 'application',
    category: 'careers',
    subcategory: 'Careers',
    title: 'Careers',
    submitLabel: 'Send Application',
    messageLabel: 'About you',
    position: true,
  },
}

// candidateLocations lists the visible locations a visitor may pick for a
// form: service or parts departments for those forms, sales otherwise; when
// a site has none of that type, every visible location.
export function candidateLocations(site: Site, types: FormPlan['locationTypes'], dealershipSlug = ''): Location[] {
  const visible = site.locations.filter(
    (l) => l.visible && (!dealershipSlug || l.dealership_slug === dealershipSlug),
  )
  const typed = visible.filter((l) => {
    const t = l.location_type || 'sales'
    if (types === 'sales') return t === 'sales' || t === 'used'
    return t === types
  })
  return typed.length > 0 ? typed : visible
}

// SiteFlags are the per-dealer switches a form reads.
export type FormContext = {
  site: Site
  car?: CarSummary
  // A fixed location (a location's contact page): sent as hidden location_id.
  location?: Pick<Location, 'id' | 'name' | 'dealership_slug'>
  // The caller drops the preferred-dealership selector.
  hideDealership?: boolean
}

export type ResolvedPlan = FormPlan & {
  messageNeed: Need
  terms: boolean
  // What an unticked terms box says (the site's wording.terms_message).
  termsMessage: string
  // The category selector's choices (the site's wording.enquiry_categories).
  categories: string[]
  showDealership: boolean
  showLocation: boolean
  optInLabel: string
}

export function resolvePlan(kind: LeadKind, ctx: FormContext): ResolvedPlan {
  const p = plans[kind]
  const { site, car, location } = ctx
  // docs/behaviour/validation.md: message is required unless the dealership waives it.
  const messageNeed: Need = p.message === 'required' && site.features.message_optional ? 'optional' : p.message
  const showDealership = !car && !location && !ctx.hideDealership && site.dealerships.length > 1
  // Without a car or a location page, forms that go to one location ask
  // which when the site has several (the server requires it too).
  // With one candidate of the form's type (a one-site dealer's service
  // department) it goes there without asking.
  const showLocation =
    !car && !location && p.needsLocation && !p.fixedLocation && site.locations.length > 1 && candidateLocations(site, p.locationTypes).length > 1
  const categories = site.wording.enquiry_categories?.length ? site.wording.enquiry_categories : [texts.defaultCategory]
  // A caravan (or a caravan dealer's booking page) books an inspection.
  const viewing = kind === 'test_drive' ? viewingWords[viewingFor(site, car)] : undefined
  // The service and trade-in forms ask about the dealer's own kind of
  // vehicle (wording.extra.vehicle_noun, else wording.stock_noun): a caravan
  // yard asks what the caravan needs.
  const noun = (site.wording.extra?.vehicle_noun || site.wording.stock_noun || '').trim().toLowerCase()
  const messageLabel = noun ? p.messageLabel.replace(/\byour car\b/, `your ${noun}`) : p.messageLabel
  return {
    ...p,
    messageLabel,
    ...(viewing && { title: viewing.book, submitLabel: viewing.submit, noun: viewing.noun, subcategory: viewing.subcategory }),
    rego: p.rego && !car,
    messageNeed,
    terms: Boolean(p.termsAlways) || site.features.terms_required,
    termsMessage: site.wording.terms_message || texts.termsRequired,
    categories,
    showDealership,
    showLocation,
    optInLabel: car ? 'Email me similar stock and latest offers.' : 'Yes, I would like to subscribe to receive latest offers & product updates.',
  }
}

// defaultLocationId is the location a form without a choice goes to: the
// only candidate of its type (a one-site dealer's service department), or
// the primary location.
export function defaultLocationId(site: Site, plan: Pick<FormPlan, 'locationTypes'>): number | undefined {
  const c = candidateLocations(site, plan.locationTypes)
  if (c.length === 1) return c[0]!.id
  const visible = site.locations.filter((l) => l.visible)
  return (visible.find((l) => l.primary) ?? visible[0])?.id
}
