import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryRouter, RouterProvider } from 'react-router'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SiteContext } from '@/lib/site'
import type { Site } from '@/lib/api'
import { nextTask } from '@/testing/settle'
import { siteFixture } from '@/testing/site-fixture'
import type { CarSummary } from '../lib/kinds'
import { userDetailsKey } from '../lib/stored-details'
import { LeadDialog } from './lead-dialog'
import { LeadForm } from './lead-form'
import { MultiStepEnquiryForm } from './multi-step-form'
import { FindSimilarForm } from './find-similar-form'
import { TradeInLeadForm } from './named-forms'
import { Button } from '@/components/ui/button'

type Call = { url: string; init: RequestInit; body: Record<string, unknown> }
let calls: Call[]
let leadAnswer: () => Promise<Response> | Response
// The booking window GET /api/appointments/days answers: Sunday 6 and
// Saturday 12 January are closed, Monday 14 a holiday.
const openWindow = { from: '2030-01-02', to: '2030-03-02', days: ['2030-01-07', '2030-01-08', '2030-01-15'] }

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

beforeEach(() => {
  window.localStorage.clear()
  window.sessionStorage.clear()
  calls = []
  leadAnswer = () => json(201, { lead_id: 'L-1', reference: 'K7QM4RTX' })
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    const url = String(input)
    calls.push({ url, init, body: init.body ? JSON.parse(String(init.body)) : {} })
    if (url.startsWith('/api/leads')) return leadAnswer()
    if (url.startsWith('/api/events')) return new Response(null, { status: 204 })
    if (url.startsWith('/api/appointments/days')) return json(200, { location_id: 1, timezone: 'Australia/Brisbane', ...openWindow })
    if (url.startsWith('/api/appointments')) return json(200, { slots: [{ start: '2030-01-07T09:00:00+10:00' }, { start: '2030-01-07T09:30:00+10:00' }] })
    return json(404, { error: { code: 'not_found', message: 'Not found.' } })
  })
})

afterEach(() => vi.restoreAllMocks())

const leadCalls = () => calls.filter((c) => c.url.startsWith('/api/leads'))
const eventCalls = () => calls.filter((c) => c.url.startsWith('/api/events'))

function renderForm(ui: ReactNode, site: Site = siteFixture()) {
  const router = createMemoryRouter(
    [
      { path: '/', element: ui },
      { path: '/success', element: <h1>Success page</h1> },
    ],
    { initialEntries: ['/'] },
  )
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <SiteContext.Provider value={site}>
        <RouterProvider router={router} />
      </SiteContext.Provider>
    </QueryClientProvider>,
  )
  return router
}

const usedCar: CarSummary = {
  id: 42, slug: 'used-corolla', name: '2020 Toyota Corolla', make: 'Toyota', model: 'Corolla', car_type: 'used',
  status: 'in_stock', stocknum: 'U42', dealership_id: 1, dealership_slug: 'test-motors', location_id: 1,
}

async function fillContact(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /^name/i }), 'Jo Buyer')
  await user.type(screen.getByRole('textbox', { name: /email/i }), 'jo@example.com')
  await user.type(screen.getByRole('textbox', { name: /phone/i }), '0412 345 678')
}

describe('LeadForm', () => {
  it('lists every error under the SPEC heading and sends nothing', async () => {
    const user = userEvent.setup()
    renderForm(<LeadForm kind="enquiry" />)
    await user.click(screen.getByRole('button', { name: 'Send Enquiry' }))
    const alert = await screen.findByRole('alert', { name: 'Please fix the following errors:' })
    const items = within(alert).getAllByRole('listitem').map((li) => li.textContent)
    expect(items).toEqual(['Name is required.', 'Email is required.', 'Phone is required.', 'Message is required.'])
    expect(screen.getByRole('textbox', { name: /email/i })).toHaveAccessibleDescription('Email is required.')
    expect(leadCalls()).toHaveLength(0)
  })

  it('sends one lead with an Idempotency-Key, fires the event and goes to /success', async () => {
    const user = userEvent.setup()
    const router = renderForm(<LeadForm kind="enquiry" car={usedCar} />)
    await fillContact(user)
    await user.type(screen.getByRole('textbox', { name: /message/i }), 'Still available?')
    expect(screen.getByRole('checkbox', { name: 'Email me similar stock and latest offers.' })).toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Send Enquiry' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'))
    expect(leadCalls()).toHaveLength(1)
    expect(router.state.location.state).toEqual({
      leadId: 'L-1',
      reference: 'K7QM4RTX',
      noun: 'enquiry',
      carName: '2020 Toyota Corolla',
      carSlug: 'used-corolla',
      asked: '',
    })
    const [lead] = leadCalls()
    expect(new Headers(lead!.init.headers).get('Idempotency-Key')).toMatch(/.{8,}/)
    expect(lead!.body).toMatchObject({ category: 'enquiry', car_id: 42, name: 'Jo Buyer', opt_in: true, source: 'Website' })
    await waitFor(() => expect(eventCalls()).toHaveLength(1))
    expect(eventCalls()[0]!.body).toMatchObject({ event_id: 15, car_id: 42 })
    expect(JSON.parse(window.localStorage.getItem(userDetailsKey)!)).toMatchObject({ name: 'Jo Buyer', phone: '0412 345 678' })
  })

  it('sends one lead when the button is double clicked', async () => {
    let release!: () => void
    leadAnswer = () => new Promise((r) => (release = () => r(json(201, { lead_id: 'L-2' }))))
    const user = userEvent.setup()
    const router = renderForm(<LeadForm kind="enquiry" />)
    await fillContact(user)
    await user.type(screen.getByRole('textbox', { name: /message/i }), 'Hi')
    const button = screen.getByRole('button', { name: 'Send Enquiry' })
    await user.dblClick(button)
    await waitFor(() => expect(leadCalls()).toHaveLength(1))
    expect(screen.getByRole('button', { name: /sending/i })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: /sending/i }))
    release()
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'))
    expect(leadCalls()).toHaveLength(1)
  })

  it('puts server field errors on their inputs and keeps what was typed', async () => {
    leadAnswer = () => json(422, { error: { code: 'invalid', message: 'Please check the form.', fields: { email: 'That email address cannot receive mail.' } } })
    const user = userEvent.setup()
    renderForm(<LeadForm kind="enquiry" />)
    await fillContact(user)
    await user.type(screen.getByRole('textbox', { name: /message/i }), 'Keep me')
    await user.click(screen.getByRole('button', { name: 'Send Enquiry' }))
    const email = screen.getByRole('textbox', { name: /email/i })
    await waitFor(() => expect(email).toHaveAccessibleDescription('That email address cannot receive mail.'))
    expect(email).toHaveValue('jo@example.com')
    expect(screen.getByRole('textbox', { name: /message/i })).toHaveValue('Keep me')
    expect(eventCalls()).toHaveLength(0)
  })

  it('shows the generic failure alert on a server error, and a retry reuses the key', async () => {
    leadAnswer = () => json(500, { error: { code: 'internal', message: 'Internal error.' } })
    const user = userEvent.setup()
    renderForm(<LeadForm kind="enquiry" />)
    await fillContact(user)
    await user.type(screen.getByRole('textbox', { name: /message/i }), 'Hello')
    await user.click(screen.getByRole('button', { name: 'Send Enquiry' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred when submitting this form')
    expect(screen.getByRole('textbox', { name: /^name/i })).toHaveValue('Jo Buyer')
    await user.click(screen.getByRole('button', { name: 'Send Enquiry' }))
    await waitFor(() => expect(leadCalls()).toHaveLength(2))
    const keys = leadCalls().map((c) => new Headers(c.init.headers).get('Idempotency-Key'))
    expect(keys[0]).toBe(keys[1])
  })

  it('still reaches /success when the analytics call fails, with a console warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    vi.mocked(globalThis.fetch).mockImplementation(async (input, init = {}) => {
      const url = String(input)
      calls.push({ url, init, body: init.body ? JSON.parse(String(init.body)) : {} })
      if (url.startsWith('/api/events')) throw new TypeError('network down')
      return json(201, { lead_id: 'L-3' })
    })
    const user = userEvent.setup()
    const router = renderForm(<LeadForm kind="careers" />)
    await fillContact(user)
    await user.type(screen.getByRole('textbox', { name: /position/i }), 'Technician')
    await user.type(screen.getByRole('textbox', { name: /about you/i }), 'Ten years on the tools')
    await user.click(screen.getByRole('button', { name: 'Send Application' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'))
    await waitFor(() => expect(warn).toHaveBeenCalled())
    expect(eventCalls()[0]!.body).toMatchObject({ event_id: 51 })
  })

  it('prefills stored details', async () => {
    window.localStorage.setItem(userDetailsKey, JSON.stringify({ name: 'Sam', last_name: 'Lee', email: 'sam@example.com', phone: '0412000111', postcode: '4000' }))
    renderForm(<LeadForm kind="trade_in" />)
    expect(await screen.findByRole('textbox', { name: /first name/i })).toHaveValue('Sam')
    expect(screen.getByRole('textbox', { name: /last name/i })).toHaveValue('Lee')
    expect(screen.getByRole('textbox', { name: /postcode/i })).toHaveValue('4000')
    expect(screen.getByRole('textbox', { name: /mobile/i })).toHaveValue('0412000111')
  })

  it('asks for the terms and a preferred dealership when the site says so', async () => {
    const site = siteFixture({
      dealerships: ['North Motors', 'South Motors'].map((name, i) => ({
        id: i + 1, name, slug: name.toLowerCase().replace(' ', '-'), dealership_group: '', phone: '', email: '', address: '', manufacturer: '',
        location_ids: null, dealership_websites: null, offers_count: 0, include_sold_cars_days: 3, average_rating: 0, review_count: 0,
        offers_subscription: false,
      })),
    })
    site.features = { ...site.features, terms_required: true, message_optional: true }
    const user = userEvent.setup()
    renderForm(<LeadForm kind="enquiry" />, site)
    const select = screen.getByRole('combobox', { name: /preferred dealership/i })
    expect(within(select).getByRole('option', { name: 'Select a Preferred Dealership' })).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: /enquiry type/i })).toHaveValue('General Enquiry')
    expect(screen.getByRole('textbox', { name: /rego/i })).toHaveAttribute('placeholder', 'Rego - Helps us better assist your enquiry')
    await fillContact(user)
    await user.click(screen.getByRole('button', { name: 'Send Enquiry' }))
    const alert = await screen.findByRole('alert')
    expect(within(alert).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Please select a preferred dealership.',
      '*You must agree to the terms of use before submitting.',
    ])
    await user.selectOptions(select, 'South Motors')
    await user.click(screen.getByRole('checkbox', { name: /terms of use/i }))
    await user.click(screen.getByRole('button', { name: 'Send Enquiry' }))
    await waitFor(() => expect(leadCalls()).toHaveLength(1))
    expect(leadCalls()[0]!.body).toMatchObject({ dealership_slug: 'south-motors', terms_accepted: true, message: '', subcategory: 'General Enquiry' })
  })

  it('offers the location’s free test-drive times and sends the chosen one', async () => {
    const user = userEvent.setup()
    const router = renderForm(<LeadForm kind="test_drive" car={{ ...usedCar, car_type: 'new' }} />)
    await fillContact(user)
    const date = screen.getByLabelText(/preferred date/i)
    await user.type(date, '2030-01-07')
    const time = screen.getByRole('combobox', { name: /preferred time/i })
    await waitFor(() => expect(within(time).getByRole('option', { name: '9:30 am' })).toBeInTheDocument())
    expect(calls.some((c) => c.url === '/api/appointments?location_id=1&date=2030-01-07')).toBe(true)
    await user.selectOptions(time, '9:30 am')
    await user.click(screen.getByRole('button', { name: 'Book Test Drive' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'))
    expect(leadCalls()[0]!.body).toMatchObject({ category: 'test_drive', dateTime: '2030-01-07T09:30:00+10:00' })
    // /success repeats what was booked, and where.
    expect(router.state.location.state).toMatchObject({ asked: 'Test drive on Monday 7 January 2030 at 9:30 am at Test Motors Brisbane', carSlug: 'used-corolla' })
    await waitFor(() => expect(eventCalls()[0]?.body).toMatchObject({ event_id: 17 }))
  })
})

// docs/behaviour/validation.md#bookings: only the location's open days can
// be booked, and a day needs a time.
describe('booking a day and time', () => {
  const car = { ...usedCar, car_type: 'new' as const }

  it('limits the picker to the booking window of the location', async () => {
    renderForm(<LeadForm kind="test_drive" car={car} />)
    const date = screen.getByLabelText(/preferred date/i)
    await waitFor(() => expect(date).toHaveAttribute('max', '2030-03-02'))
    expect(date).toHaveAttribute('min', '2030-01-02')
    expect(calls.some((c) => c.url === '/api/appointments/days?location_id=1')).toBe(true)
  })

  it('says a typed closed day is closed, offers the next open day, and sends nothing until a time is chosen', async () => {
    const user = userEvent.setup()
    const router = renderForm(<LeadForm kind="test_drive" car={car} />)
    await fillContact(user)
    const date = screen.getByLabelText(/preferred date/i)
    await waitFor(() => expect(date).toHaveAttribute('max', '2030-03-02'))
    await user.type(date, '2030-01-12')
    const message = 'Preferred Date: Test Motors Brisbane is closed on Saturday 12 January 2030. The next open day is Tuesday 15 January 2030.'
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(date).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByRole('combobox', { name: /preferred time/i })).toBeDisabled()
    expect(calls.some((c) => c.url.includes('date=2030-01-12'))).toBe(false)
    await user.click(screen.getByRole('button', { name: 'Book Test Drive' }))
    const alert = await screen.findByRole('alert')
    expect(within(alert).getAllByRole('listitem').map((li) => li.textContent)).toEqual([message])
    expect(leadCalls()).toHaveLength(0)

    // The offered day is taken; still no time, so still nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Choose Tuesday 15 January 2030' }))
    await waitFor(() => expect(date).toHaveValue('2030-01-15'))
    expect(screen.queryByText(message)).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Book Test Drive' }))
    const timeMessage = 'Preferred Time: please choose a time for your test drive, or clear the date.'
    expect(within(await screen.findByRole('alert')).getAllByRole('listitem').map((li) => li.textContent)).toEqual([timeMessage])
    expect(screen.getByRole('combobox', { name: /preferred time/i })).toHaveAttribute('aria-invalid', 'true')
    expect(leadCalls()).toHaveLength(0)
    expect(router.state.location.pathname).toBe('/')
  })

  it('calls a day before the window passed', async () => {
    const user = userEvent.setup()
    renderForm(<LeadForm kind="test_drive" car={car} />)
    const date = screen.getByLabelText(/preferred date/i)
    await waitFor(() => expect(date).toHaveAttribute('max', '2030-03-02'))
    await user.type(date, '2029-12-24')
    expect(await screen.findByText('Preferred Date: Monday 24 December 2029 has passed. The next open day is Monday 7 January 2030.')).toBeInTheDocument()
  })

  it('sends a test drive with no day without a time, and /success claims none', async () => {
    const user = userEvent.setup()
    const router = renderForm(<LeadForm kind="test_drive" car={car} />)
    await fillContact(user)
    await user.click(screen.getByRole('button', { name: 'Book Test Drive' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'))
    expect(leadCalls()[0]!.body).not.toHaveProperty('dateTime')
    expect(router.state.location.state).toMatchObject({ asked: '' })
  })

  it('books a service at the service department’s free time', async () => {
    const user = userEvent.setup()
    const site = siteFixture()
    const sales = site.locations[0]!
    site.locations = [sales, { ...sales, id: 7, name: 'Test Motors Service', slug: 'test-motors-service', primary: false, location_type: 'service' }]
    const router = renderForm(<LeadForm kind="service" />, site)
    await fillContact(user)
    await user.type(screen.getByRole('textbox', { name: /what does your car need|message/i }), 'Logbook service')
    const date = screen.getByLabelText(/preferred date/i)
    await waitFor(() => expect(date).toHaveAttribute('max', '2030-03-02'))
    expect(calls.some((c) => c.url === '/api/appointments/days?location_id=7')).toBe(true)
    await user.type(date, '2030-01-07')
    const time = screen.getByRole('combobox', { name: /preferred time/i })
    await waitFor(() => expect(within(time).getByRole('option', { name: '9:00 am' })).toBeInTheDocument())
    expect(calls.some((c) => c.url === '/api/appointments?location_id=7&date=2030-01-07')).toBe(true)
    await user.selectOptions(time, '9:00 am')
    await user.click(screen.getByRole('button', { name: /request booking/i }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'))
    expect(leadCalls()[0]!.body).toMatchObject({ category: 'service', location_id: 7, dateTime: '2030-01-07T09:00:00+10:00' })
    expect(router.state.location.state).toMatchObject({ asked: 'Service on Monday 7 January 2030 at 9:00 am at Test Motors Service' })
  })
})

// docs/behaviour/validation.md#enquiry-form: "A category selector (required, default
// 'General Enquiry') appears for general enquiries; its options come from a
// list" — the site's wording.enquiry_categories.
describe('enquiry category selector', () => {
  const site = () => {
    const s = siteFixture()
    s.wording = { ...s.wording, enquiry_categories: ['General Enquiry', 'Caravan Enquiry', 'Parts and Accessories'] }
    return s
  }
  const options = () =>
    within(screen.getByRole('combobox', { name: /enquiry type/i }))
      .getAllByRole('option')
      .map((o) => o.textContent)

  it('the contact form offers the site\'s list, defaults to General Enquiry and sends the choice as subcategory', async () => {
    const user = userEvent.setup()
    renderForm(<LeadForm kind="contact" location={{ id: 1, name: 'Brisbane', dealership_slug: 'test-motors' }} />, site())
    const select = screen.getByRole('combobox', { name: /enquiry type/i })
    expect(select).toBeRequired()
    expect(select).toHaveValue('General Enquiry')
    expect(options()).toEqual(['General Enquiry', 'Caravan Enquiry', 'Parts and Accessories'])
    await user.selectOptions(select, 'Caravan Enquiry')
    await user.type(screen.getByRole('textbox', { name: /first name/i }), 'Jo')
    await user.type(screen.getByRole('textbox', { name: /last name/i }), 'Buyer')
    await user.type(screen.getByRole('textbox', { name: /email/i }), 'jo@example.com')
    await user.type(screen.getByRole('textbox', { name: /mobile/i }), '0412 345 678')
    await user.type(screen.getByRole('textbox', { name: /postcode/i }), '4000')
    await user.type(screen.getByRole('textbox', { name: /message/i }), 'Hello')
    await user.click(screen.getByRole('button', { name: 'Send Enquiry' }))
    await waitFor(() => expect(leadCalls()).toHaveLength(1))
    expect(leadCalls()[0]!.body).toMatchObject({ category: 'contact', subcategory: 'Caravan Enquiry' })
  })

  it('the vehicle page\'s enquiry dialog shows it too, defaulting to General Enquiry', async () => {
    const user = userEvent.setup()
    renderForm(<LeadDialog kind="enquiry" car={usedCar} title="Enquire Now" trigger={<Button>Enquire Now</Button>} />, site())
    await user.click(screen.getByRole('button', { name: 'Enquire Now' }))
    const dialog = await screen.findByRole('dialog', { name: 'Enquire Now' })
    const select = await within(dialog).findByRole('combobox', { name: /enquiry type/i })
    expect(select).toHaveValue('General Enquiry')
    expect(options()).toEqual(['General Enquiry', 'Caravan Enquiry', 'Parts and Accessories'])
    await fillContact(user)
    await user.type(within(dialog).getByRole('textbox', { name: /message/i }), 'Still available?')
    await user.click(within(dialog).getByRole('button', { name: 'Send Enquiry' }))
    await waitFor(() => expect(leadCalls()).toHaveLength(1))
    expect(leadCalls()[0]!.body).toMatchObject({ category: 'enquiry', subcategory: 'General Enquiry', car_id: 42 })
  })

  it('is the guided enquiry\'s first question', () => {
    renderForm(<MultiStepEnquiryForm />, site())
    expect(screen.getByRole('combobox', { name: /enquiry type/i })).toHaveValue('General Enquiry')
    expect(options()).toEqual(['General Enquiry', 'Caravan Enquiry', 'Parts and Accessories'])
  })

  it('does not show on forms with their own type', () => {
    renderForm(<LeadForm kind="finance" car={usedCar} />, site())
    expect(screen.queryByRole('combobox', { name: /enquiry type/i })).toBeNull()
  })
})

// docs/behaviour/validation.md: "'*You must agree to the terms of use before submitting.'
// (also 'You must agree to the terms of use before submitting the form.')".
it('words the terms message as the site does, as the server does', async () => {
  const site = siteFixture()
  site.features = { ...site.features, terms_required: true }
  site.wording = { ...site.wording, terms_message: 'You must agree to the terms of use before submitting the form.' }
  const user = userEvent.setup()
  renderForm(<LeadForm kind="request_photos" car={usedCar} />, site)
  await fillContact(user)
  await user.click(screen.getByRole('button', { name: 'Request Photos' }))
  const alert = await screen.findByRole('alert')
  expect(within(alert).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
    'You must agree to the terms of use before submitting the form.',
  ])
  expect(leadCalls()).toHaveLength(0)
})

describe('LeadDialog', () => {
  it('opens the finance enquiry modal titled Finance Enquiry and fires event 9', async () => {
    const user = userEvent.setup()
    const router = renderForm(<LeadDialog kind="finance" car={usedCar} trigger={<Button>Get Finance Now</Button>} />)
    await user.click(screen.getByRole('button', { name: 'Get Finance Now' }))
    const dialog = await screen.findByRole('dialog', { name: 'Finance Enquiry' })
    await user.type(await within(dialog).findByRole('textbox', { name: /^name/i }), 'Jo Buyer')
    await user.type(within(dialog).getByRole('textbox', { name: /email/i }), 'jo@example.com')
    await user.type(within(dialog).getByRole('textbox', { name: /phone/i }), '0412 345 678')
    await user.click(within(dialog).getByRole('button', { name: 'Send Enquiry' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'))
    expect(leadCalls()[0]!.body).toMatchObject({ category: 'finance', car_id: 42 })
    await waitFor(() => expect(eventCalls()[0]?.body).toMatchObject({ event_id: 9 }))
  })

  it('opens from outside when controlled, and tells when it closes', async () => {
    const user = userEvent.setup()
    const changes: boolean[] = []
    renderForm(<LeadDialog kind="test_drive" car={usedCar} open onOpenChange={(v) => changes.push(v)} />)
    const dialog = await screen.findByRole('dialog', { name: 'Book a Test Drive' })
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(changes).toEqual([false])
  })
})

describe('MultiStepEnquiryForm', () => {
  it('checks each step, submits on the last and says the multi-step failure text', async () => {
    leadAnswer = () => json(500, { error: { code: 'internal', message: 'Internal error.' } })
    const user = userEvent.setup()
    renderForm(<MultiStepEnquiryForm />)
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Message is required.')
    await user.type(screen.getByRole('textbox', { name: /message/i }), 'A family SUV')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await fillContact(user)
    await user.click(screen.getByRole('button', { name: 'Next' }))
    // The second click of a double click on Next lands on Submit: ignored.
    const submit = await screen.findByRole('button', { name: 'Submit' })
    fireEvent.mouseDown(submit, { detail: 2 })
    fireEvent.click(submit, { detail: 2 })
    // Whatever the click set going has run as far as it goes.
    await nextTask()
    expect(leadCalls()).toHaveLength(0)
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('An unexpected error occured'))
    expect(leadCalls()).toHaveLength(1)
    expect(leadCalls()[0]!.body).toMatchObject({ form_completed: true, message: 'A family SUV' })
  })
})

describe('car forms', () => {
  it('the sold car panel says the behaviour docs\' words and asks for a similar car', async () => {
    const user = userEvent.setup()
    const router = renderForm(<FindSimilarForm car={{ ...usedCar, status: 'sold', item_type: 'caravan' }} />)
    expect(screen.getByRole('heading', { name: 'Find Me Something Similar' })).toBeInTheDocument()
    expect(screen.getByText('Unfortunately this caravan recently sold.')).toBeInTheDocument()
    expect(screen.getByText("But don't worry, we can help you find a similar caravan!")).toBeInTheDocument()
    await fillContact(user)
    await user.type(screen.getByRole('textbox', { name: /what are you looking for/i }), 'Same layout, newer')
    await user.click(screen.getByRole('button', { name: 'Find Me Something Similar' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/success'))
    expect(leadCalls()[0]!.body).toMatchObject({ category: 'find_similar', car_id: 42, vehicle_status: 'sold' })
  })

  it('the request photos dialog needs no message and sends the hidden text', async () => {
    const user = userEvent.setup()
    renderForm(<LeadDialog kind="request_photos" car={{ ...usedCar, car_type: 'new' }} trigger={<Button>Request Photos</Button>} />)
    await user.click(screen.getByRole('button', { name: 'Request Photos' }))
    const dialog = await screen.findByRole('dialog', { name: 'Request Photos' })
    expect(within(dialog).getByText('2020 Toyota Corolla')).toBeInTheDocument()
    await user.type(within(dialog).getByRole('textbox', { name: /^name/i }), 'Jo Buyer')
    await user.type(within(dialog).getByRole('textbox', { name: /email/i }), 'jo@example.com')
    await user.type(within(dialog).getByRole('textbox', { name: /phone/i }), '0412 345 678')
    await user.click(within(dialog).getByRole('button', { name: 'Request Photos' }))
    await waitFor(() => expect(leadCalls()).toHaveLength(1))
    expect(leadCalls()[0]!.body).toMatchObject({ category: 'request_photos', message: 'Please send photos for this car' })
    await waitFor(() => expect(eventCalls()[0]?.body).toMatchObject({ event_id: 14 }))
  })

  it('the trade-in form sends first name, last name, postcode and the caller\'s hidden fields', async () => {
    const user = userEvent.setup()
    renderForm(<TradeInLeadForm extra={{ trade_in_vehicle: '2015 Mazda 3', valuation: 9500 }} />)
    await user.type(screen.getByRole('textbox', { name: /first name/i }), 'Jo')
    await user.type(screen.getByRole('textbox', { name: /last name/i }), 'Citizen')
    await user.type(screen.getByRole('textbox', { name: /email/i }), 'jo@example.com')
    await user.type(screen.getByRole('textbox', { name: /mobile/i }), '0412 345 678')
    await user.type(screen.getByRole('textbox', { name: /postcode/i }), '4000')
    await user.click(screen.getByRole('button', { name: 'Get My Valuation' }))
    await waitFor(() => expect(leadCalls()).toHaveLength(1))
    expect(leadCalls()[0]!.body).toMatchObject({
      category: 'trade_in', name: 'Jo', last_name: 'Citizen', postcode: '4000', trade_in_vehicle: '2015 Mazda 3', valuation: 9500,
    })
    expect(leadCalls()[0]!.body).not.toHaveProperty('website')
  })
})
