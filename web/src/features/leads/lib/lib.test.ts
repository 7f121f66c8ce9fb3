import { beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { siteFixture } from '@/testing/site-fixture'
import type { Dealership, Location } from '@/lib/api'
import { eventIdFor } from './analytics'
import { resolvePlan, type CarSummary } from './kinds'
import { applyOptionKeys, buildLeadPayload } from './payload'
import { isValidPhone } from '@/lib/lead-rules'
import { leadRequestSchema } from '@/lib/lead-schema'
import { leadSchema, messages, type LeadFormValues } from './schema'
import { loadUserDetails, saveUserDetails, userDetailsKey } from './stored-details'
import { linkedQueryParams, maxVisitedPages, recordVisit, visitedPages } from './visits'

const usedCar: CarSummary = {
  id: 42,
  slug: '2020-toyota-corolla-42',
  name: '2020 Toyota Corolla Ascent',
  make: 'Toyota',
  model: 'Corolla',
  car_type: 'used',
  status: 'in_stock',
  stocknum: 'U1234',
  dealership_id: 7,
  dealership_slug: 'test-motors',
  location_id: 1,
}

function values(over: Partial<LeadFormValues> = {}): LeadFormValues {
  return {
    name: 'Jo Buyer', last_name: '', email: 'jo@example.com', phone: '0412 345 678', postcode: '', message: 'Is it available?',
    rego: '', subcategory: 'General Enquiry', location_id: '', dealership_slug: '', opt_in: true, terms: false, date: '',
    time: '', position: '', service_type: '', km: '', options: {}, website: '', ...over,
  }
}

function location(id: number, over: Partial<Location> = {}): Location {
  return { ...siteFixture().locations[0]!, id, name: `Location ${id}`, slug: `location-${id}`, primary: false, ...over }
}

function dealership(slug: string): Dealership {
  return {
    id: slug.length, name: slug, slug, dealership_group: '', phone: '', email: '', address: '', manufacturer: '', location_ids: null,
    dealership_websites: null, offers_count: 0, include_sold_cars_days: 3, average_rating: 0, review_count: 0, offers_subscription: false,
  }
}

beforeEach(() => {
  window.localStorage.clear()
  window.sessionStorage.clear()
})

describe('test drive or inspection', () => {
  const caravan: CarSummary = { ...usedCar, id: 43, slug: '2022-jayco-crossover-43', name: '2022 Jayco Crossover', make: 'Jayco', model: 'Crossover', item_type: 'caravan' }
  it('a caravan books an inspection, a car a test drive', () => {
    const site = siteFixture()
    const plan = resolvePlan('test_drive', { site, car: caravan })
    expect([plan.title, plan.submitLabel, plan.noun, plan.subcategory]).toEqual(['Book an Inspection', 'Book Inspection', 'inspection request', 'Inspection'])
    expect(resolvePlan('test_drive', { site, car: usedCar }).title).toBe('Book a Test Drive')
  })
  it("asks what the dealer's own kind of vehicle needs on the service form", () => {
    const base = siteFixture()
    expect(resolvePlan('service', { site: base }).messageLabel).toBe('What does your car need?')
    const site = siteFixture({ wording: { ...base.wording, extra: { vehicle_noun: 'Caravan' } } })
    expect(resolvePlan('service', { site }).messageLabel).toBe('What does your caravan need?')
    expect(resolvePlan('parts', { site }).messageLabel).toBe('Parts or accessories needed')
    // A yard whose stock is caravans asks about the caravan on the trade-in form too.
    const yard = siteFixture({ wording: { ...base.wording, stock_noun: 'caravan', stock_noun_plural: 'caravans' } })
    expect(resolvePlan('trade_in', { site: yard }).messageLabel).toBe('Tell us about your caravan')
    expect(resolvePlan('service', { site: yard }).messageLabel).toBe('What does your caravan need?')
  })
  it("without a car the site's wording decides", () => {
    const base = siteFixture()
    const site = siteFixture({ wording: { ...base.wording, viewing: 'inspection' } })
    expect(resolvePlan('test_drive', { site }).title).toBe('Book an Inspection')
    expect(resolvePlan('test_drive', { site: base }).title).toBe('Book a Test Drive')
    // A tow vehicle on a caravan dealer's site is still test driven.
    expect(resolvePlan('test_drive', { site, car: usedCar }).noun).toBe('test drive request')
    expect(resolvePlan('enquiry', { site, car: caravan }).title).toBe('Enquire Now')
  })
})

describe('validation under the content security policy', () => {
  it('never compiles code at run time (the policy allows no eval)', () => {
    expect(leadSchema).toBeDefined()
    expect(z.config().jitless).toBe(true)
  })
})

describe('option keys (docs/behaviour/validation.md)', () => {
  it('drops _radio_options keys and moves true (check_option) keys into additional_services', () => {
    const r = applyOptionKeys({
      'Loan Car (check_option)': true,
      'Car Wash (check_option)': false,
      'wait_radio_options': 'drop-off',
      'timing_radio_options_extra': 'x',
      colour: 'Red',
    })
    expect(r.additional_services).toEqual(['Loan Car'])
    expect(r.fields).toEqual({ colour: 'Red' })
  })

  it('puts additional_services and no option helper keys into the payload', () => {
    const site = siteFixture()
    const plan = resolvePlan('service', { site })
    const p = buildLeadPayload({
      kind: 'service', plan, context: { site }, url: 'https://x.test/service', userAgent: 'UA',
      values: values({ options: { 'Wheel Alignment (check_option)': true, 'Loan Car (check_option)': true, 'x_radio_options': 'a' } }),
    })
    expect(p.additional_services).toEqual(['Wheel Alignment', 'Loan Car'])
    expect(Object.keys(p).some((k) => k.includes('_radio_options') || k.includes('(check_option)'))).toBe(false)
  })
})

describe('lead payload (docs/behaviour/entities.md)', () => {
  // The payload the forms send is a LeadRequest that the shared lead rules
  // (lib/lead-schema) pass; the same rules refuse a broken one.
  it('passes the shared lead request rules, which refuse a bad address or number', () => {
    const site = siteFixture()
    const plan = resolvePlan('enquiry', { site, car: usedCar })
    const p = buildLeadPayload({ kind: 'enquiry', plan, values: values(), context: { site, car: usedCar }, url: 'https://x.test/cars/a', userAgent: 'UA/1' })
    expect(leadRequestSchema('AU').safeParse(p).success).toBe(true)
    const bad = leadRequestSchema('AU').safeParse({ ...p, email: 'jo@example', phone: '12' })
    expect(bad.success).toBe(false)
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['email', messages.emailInvalid],
      ['phone', messages.phoneAU],
    ])
  })

  it('carries source, url, user agent, visited pages, campaign parameters and the car fields', () => {
    recordVisit('/?utm_source=google&utm_campaign=spring&q=ignored')
    recordVisit('/search/used-cars')
    recordVisit('/cars/2020-toyota-corolla-42')
    const site = siteFixture()
    const plan = resolvePlan('enquiry', { site, car: usedCar })
    const p = buildLeadPayload({ kind: 'enquiry', plan, values: values({ subcategory: 'Vehicle Enquiry' }), context: { site, car: usedCar }, url: 'https://x.test/cars/a', userAgent: 'UA/1' })
    expect(p).toMatchObject({
      category: 'enquiry',
      subcategory: 'Vehicle Enquiry',
      name: 'Jo Buyer',
      email: 'jo@example.com',
      phone: '0412 345 678',
      message: 'Is it available?',
      opt_in: true,
      source: 'Website',
      url: 'https://x.test/cars/a',
      user_agent: 'UA/1',
      car_id: 42,
      stock_number: 'U1234',
      'Vehicle Make': 'Toyota',
      'Vehicle Model': 'Corolla',
      car_type: 'used',
      vehicle_status: 'in_stock',
      car_dealership_id: 7,
      dealership_slug: 'test-motors',
      manufacturer_slug: 'toyota',
      location_id: 1,
    })
    expect(p.lead_attributes.visited_pages).toEqual(['/?utm_source=google&utm_campaign=spring&q=ignored', '/search/used-cars', '/cars/2020-toyota-corolla-42'])
    expect(p.lead_attributes.linked_query_params).toEqual({ utm_source: 'google', utm_campaign: 'spring' })
  })

  it('sends the request-photos text even when the visitor types nothing', () => {
    const site = siteFixture()
    const plan = resolvePlan('request_photos', { site, car: usedCar })
    const p = buildLeadPayload({ kind: 'request_photos', plan, values: values({ message: '' }), context: { site, car: usedCar } })
    expect(p.category).toBe('request_photos')
    expect(p.message).toBe('Please send photos for this car')
  })

  it('sends the chosen enquiry type as subcategory and a location page as hidden location_id', () => {
    const site = siteFixture()
    const plan = resolvePlan('enquiry', { site })
    expect(buildLeadPayload({ kind: 'enquiry', plan, values: values({ subcategory: 'Service Enquiry' }), context: { site } }).subcategory).toBe('Service Enquiry')
    const loc = { id: 9, name: 'North', dealership_slug: 'north-motors' }
    const cplan = resolvePlan('contact', { site, location: loc })
    const p = buildLeadPayload({ kind: 'contact', plan: cplan, values: values({ last_name: 'Buyer', postcode: '4000' }), context: { site, location: loc } })
    expect(p).toMatchObject({ category: 'contact', location_id: 9, dealership_slug: 'north-motors', last_name: 'Buyer', postcode: '4000' })
  })

  it('sends a one-site dealer\'s service booking to its service department', () => {
    const site = siteFixture({ locations: [location(1, { primary: true }), location(2, { location_type: 'service' }), location(3, { location_type: 'parts' })] })
    for (const [kind, id] of [['service', 2], ['parts', 3], ['test_drive', 1]] as const) {
      const plan = resolvePlan(kind, { site })
      expect(plan.showLocation).toBe(false)
      expect(buildLeadPayload({ kind, plan, values: values(), context: { site } }).location_id).toBe(id)
    }
  })

  it('keeps only the last few visited pages', () => {
    for (let i = 0; i < maxVisitedPages + 5; i++) recordVisit(`/page-${i}`)
    recordVisit(`/page-${maxVisitedPages + 4}`) // a reload is not a new page
    const pages = visitedPages()
    expect(pages).toHaveLength(maxVisitedPages)
    expect(pages[pages.length - 1]).toBe(`/page-${maxVisitedPages + 4}`)
    expect(linkedQueryParams()).toEqual({})
  })
})

describe('stored user details (docs/behaviour/entities.md and docs/behaviour/validation.md)', () => {
  it('saves only when name, email and phone are all present', () => {
    expect(saveUserDetails({ name: 'Jo', email: 'jo@example.com', phone: '' })).toBe(false)
    expect(window.localStorage.getItem(userDetailsKey)).toBeNull()
    expect(saveUserDetails({ name: 'Jo', email: 'jo@example.com', phone: '0412345678', postcode: '4000', last_name: 'B' })).toBe(true)
    expect(loadUserDetails()).toEqual({ name: 'Jo', last_name: 'B', email: 'jo@example.com', phone: '0412345678', postcode: '4000' })
  })

  it('survives garbage in storage', () => {
    window.localStorage.setItem(userDetailsKey, '{not json')
    expect(loadUserDetails().name).toBe('')
  })
})

describe('form plans follow the site flags (docs/behaviour/validation.md)', () => {
  it('waives the message when the dealer says so', () => {
    const strict = resolvePlan('enquiry', { site: siteFixture() })
    expect(strict.messageNeed).toBe('required')
    const site = siteFixture()
    site.features = { ...site.features, message_optional: true }
    expect(resolvePlan('enquiry', { site }).messageNeed).toBe('optional')
  })

  it('asks for a preferred dealership when there are several, and not on a car', () => {
    const site = siteFixture({ dealerships: [dealership('a-motors'), dealership('b-motors')] })
    expect(resolvePlan('enquiry', { site }).showDealership).toBe(true)
    expect(resolvePlan('enquiry', { site, car: usedCar }).showDealership).toBe(false)
    expect(resolvePlan('enquiry', { site, hideDealership: true }).showDealership).toBe(false)
    expect(resolvePlan('enquiry', { site: siteFixture() }).showDealership).toBe(false)
  })

  it('asks for a location when a one-dealer site has several', () => {
    const site = siteFixture({ locations: [location(1), location(2)] })
    expect(resolvePlan('enquiry', { site }).showLocation).toBe(true)
    expect(resolvePlan('enquiry', { site: siteFixture() }).showLocation).toBe(false)
  })

  it('labels opt-in for car forms and general forms differently', () => {
    expect(resolvePlan('enquiry', { site: siteFixture(), car: usedCar }).optInLabel).toBe('Email me similar stock and latest offers.')
    expect(resolvePlan('enquiry', { site: siteFixture() }).optInLabel).toBe(
      'Yes, I would like to subscribe to receive latest offers & product updates.',
    )
  })
})

describe('schemas mirror the server rules', () => {
  const site = siteFixture()
  const parse = (kind: Parameters<typeof resolvePlan>[0], v: Partial<LeadFormValues>, s = site) =>
    leadSchema(resolvePlan(kind, { site: s })).safeParse(values(v))
  const errorsOf = (r: ReturnType<typeof parse>) => (r.success ? [] : r.error.issues.map((i) => i.message))

  it('accepts a complete enquiry', () => {
    expect(parse('enquiry', {}).success).toBe(true)
  })

  it.each([
    [{ name: ' ' }, messages.name],
    [{ email: '' }, messages.emailEmpty],
    [{ email: 'jo@example' }, messages.emailInvalid],
    [{ phone: '' }, messages.phoneEmpty],
    [{ phone: '12345' }, messages.phoneAU],
    [{ rego: 'ABC$123' }, messages.rego],
    [{ message: '' }, messages.message],
  ])('refuses %o with its message', (v, message) => {
    expect(errorsOf(parse('enquiry', v))).toContain(message)
  })

  it('needs a 4-digit postcode and a last name on trade-in and contact forms', () => {
    const r = parse('trade_in', { postcode: '400', last_name: '' })
    expect(errorsOf(r)).toEqual(expect.arrayContaining(['Invalid postcode. Please enter a 4-digit number.', messages.lastName]))
    expect(parse('contact', { postcode: '4000', last_name: 'Buyer' }).success).toBe(true)
    expect(errorsOf(parse('contact', { postcode: '4000', last_name: 'Buyer', phone: '' }))).toEqual(['Mobile is required.'])
  })

  it('takes the service odometer only as whole kilometres', () => {
    for (const km of ['', '45000', '45,000', '45 000', '7', '123,456']) {
      expect(parse('service', { km }).success, km).toBe(true)
    }
    for (const km of ['ABC123', '45k', '45.5', '-3', '45,00', '1234567']) {
      expect(errorsOf(parse('service', { km })), km).toContain(messages.odometer)
    }
  })

  it('requires the terms box when the dealer asks for it', () => {
    const s = siteFixture()
    s.features = { ...s.features, terms_required: true }
    expect(errorsOf(parse('enquiry', { terms: false }, s))).toContain('*You must agree to the terms of use before submitting.')
    expect(parse('enquiry', { terms: true }, s).success).toBe(true)
  })

  it.each([
    ['0412 345 678', true],
    ['+61 412 345 678', true],
    ['(07) 3555 0101', true],
    ['1300 555 010', true],
    ['+64 21 123 4567', true],
    ['03 366 0000', false],
    ['0512 345 678', true],
    ['041234567', false],
    ['+1 555 123 4567', false],
    ['phone me', false],
  ])('on an Australian site, phone %s valid: %s', (phone, ok) => {
    expect(isValidPhone(phone, 'AU')).toBe(ok)
  })

  it.each([
    ['03 366 0000', true],
    ['021 123 4567', true],
    ['+64 21 123 4567', true],
    ['+61 412 345 678', true],
    ['0800 123 456', true],
    ['0412 345', false],
  ])('on a New Zealand site, phone %s valid: %s', (phone, ok) => {
    expect(isValidPhone(phone, 'NZ')).toBe(ok)
  })
})

describe('analytics ids (docs/behaviour/calls.md)', () => {
  const newCar: CarSummary = { ...usedCar, car_type: 'new' }
  const tdo: CarSummary = { ...usedCar, tag: { label: 'Test Drive Only' } }
  it.each([
    ['enquiry', newCar, 14],
    ['enquiry', usedCar, 15],
    ['request_photos', usedCar, 15],
    ['test_drive', newCar, 17],
    ['test_drive', tdo, 17],
    ['test_drive', usedCar, 48],
    ['finance', undefined, 9],
    ['careers', undefined, 51],
    ['contact', undefined, 22],
    ['enquiry', undefined, 22],
    ['service', undefined, 22],
  ] as const)('%s on %o fires event %i', (kind, car, id) => {
    expect(eventIdFor(kind, car)).toBe(id)
  })
})
