import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from '@/testing/render-app'
import { siteFixture } from '@/testing/site-fixture'
import type { TradeInOptions, TradeInValuation } from '../api/trade-in'

const options: TradeInOptions = {
  questions: [
    { id: 'accident', label: 'Has the car ever been in an accident?', options: [{ id: 'no', label: 'No' }, { id: 'major', label: 'Yes, major' }] },
    { id: 'keys', label: 'How many keys do you have?', options: [{ id: 'two', label: 'Two or more' }, { id: 'one', label: 'One' }] },
  ],
  makes: [
    { make: 'Alfa Romeo', models: [] },
    { make: 'Mazda', models: ['CX-5', 'Mazda3'] },
    { make: 'Toyota', models: ['Corolla', 'RAV4'] },
  ],
  states: ['NSW', 'QLD'],
  max_age_years: 7,
  max_km: 100000,
  faq: 'Online estimates are generally not given for cars over 7 years old or over 100,000 km. Send us your car\'s details and our team will get back to you with a valuation.',
  years: [2027, 2026, 2025, 2024, 2023, 2022, 2021],
}

const estimate: TradeInValuation = {
  car: { make: 'Toyota', model: 'Corolla', year: 2022, km: 50000 },
  estimate: true,
  message: 'Your 2022 Toyota Corolla is worth an estimated $18,400 to $21,100 as a trade-in.',
  low: 18400,
  high: 21100,
  comparables: 12,
  condition_factor: 1,
  adjustmentAnswers: { accident: 'no', keys: 'two' },
}

const unknownRego = "We couldn't find that rego. Please choose the make, model and year instead."

type Call = { url: URL; method: string; body: Record<string, unknown> | undefined; headers: Headers }
let calls: Call[]
let valuationAnswer: () => Response

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

// The first lazy route import compiles the page; do it before the clock starts.
beforeAll(async () => {
  await import('@/app/routes/trade-in')
}, 60_000)

beforeEach(() => {
  calls = []
  valuationAnswer = () => json(200, estimate)
  vi.spyOn(console, 'info').mockImplementation(() => {})
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost')
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    calls.push({ url, method: init?.method ?? 'GET', body, headers: new Headers(init?.headers) })
    switch (url.pathname) {
      case '/api/trade-in/options':
        return json(200, options)
      case '/api/trade-in/valuation':
        return valuationAnswer()
      case '/api/trade-in/rego':
        return url.searchParams.get('rego') === 'ABC123'
          ? json(200, { rego: 'ABC123', regoState: 'QLD', make: 'Toyota', model: 'Corolla', year: 2022, km: 0 })
          : json(422, { error: { code: 'invalid', message: unknownRego, fields: { rego: unknownRego } } })
      case '/api/leads':
        return json(201, { lead_id: body?.lead_id ? 'lead-2' : 'lead-1' })
      case '/api/miscellaneous':
        return json(200, { success: true })
      case '/api/events':
        return new Response(null, { status: 204 })
      case '/api/trade-in/car':
        if (url.searchParams.get('car_id') === '8')
          return json(200, { id: 8, slug: 'kia-8', name: '2026 Kia Seltos GT-Line', year: 2026, make: 'Kia', model: 'Seltos', badge: 'GT-Line', status: 'in_stock', primary_image_url: '/img/8.jpg', available: true })
        return url.searchParams.get('car_id') === '7'
          ? json(200, { id: 7, slug: 'x-7', name: '2020 Mazda CX-5', year: 2020, make: 'Mazda', model: 'CX-5', badge: '', status: 'sold', primary_image_url: '', available: false })
          : json(404, { error: { code: 'not_found', message: 'Car not found.' } })
    }
    return json(404, { error: { code: 'not_found', message: 'Not found.' } })
  })
})
afterEach(() => vi.restoreAllMocks())

const posted = (path: string) => calls.filter((c) => c.url.pathname === path && c.method === 'POST')

// A towed yard's flow (caravan: true) names its stock and asks no kilometres.
async function fillToDetails(user: ReturnType<typeof userEvent.setup>, { caravan = false } = {}) {
  await screen.findByRole('heading', { name: caravan ? 'Your caravan' : 'Your car' })
  await user.click(screen.getByRole('radio', { name: 'By make, model and year' }))
  await user.selectOptions(screen.getByRole('combobox', { name: /make/i }), 'Toyota')
  await user.selectOptions(screen.getByRole('combobox', { name: /model/i }), 'Corolla')
  await user.selectOptions(screen.getByRole('combobox', { name: /year/i }), '2022')
  await user.click(screen.getByRole('button', { name: 'Next' }))
  if (!caravan) {
    await screen.findByRole('heading', { name: 'Kilometres' })
    await user.click(screen.getByRole('button', { name: '50,000 kms' }))
    expect(screen.getByRole('textbox', { name: /kilometres/i })).toHaveValue('50,000 kms')
    await user.click(screen.getByRole('button', { name: 'Next' }))
  }
  await screen.findByRole('heading', { name: 'Condition' })
  if (caravan) expect(screen.queryByText(/kilometres/i)).toBeNull()
  await user.click(within(screen.getByRole('group', { name: /accident/i })).getByRole('radio', { name: 'No' }))
  await user.click(within(screen.getByRole('group', { name: /keys/i })).getByRole('radio', { name: 'Two or more' }))
  await user.click(screen.getByRole('button', { name: 'Next' }))
  await screen.findByRole('heading', { name: 'Your details' })
  await user.type(screen.getByRole('textbox', { name: /first name/i }), 'Jo')
  await user.type(screen.getByRole('textbox', { name: /email/i }), 'jo@example.com')
  await user.type(screen.getByRole('textbox', { name: /mobile/i }), '0412345678')
}

describe('trade-in flow (docs/behaviour/screens.md, docs/behaviour/validation.md and docs/behaviour/calls.md)', { timeout: 30_000 }, () => {
  it('steps through car, km, condition and details to a price range, then accepts the offer', async () => {
    const user = userEvent.setup()
    await renderApp('/sell-my-car')
    expect(screen.getByRole('heading', { level: 1, name: 'Sell My Car' })).toBeInTheDocument()
    await fillToDetails(user)
    await user.click(screen.getByRole('button', { name: 'Get My Price' }))

    expect(await screen.findByTestId('trade-in-range')).toHaveTextContent('$18,400 – $21,100')
    const [val] = posted('/api/trade-in/valuation')
    expect(val!.body).toEqual({ make: 'Toyota', model: 'Corolla', year: 2022, badge: '', km: 50000, adjustmentAnswers: { accident: 'no', keys: 'two' } })
    const [lead] = posted('/api/leads')
    expect(lead!.body).toMatchObject({
      category: 'trade_in',
      subcategory: '2. Valuation Provided',
      name: 'Jo',
      email: 'jo@example.com',
      phone: '0412345678',
      'Vehicle Make': 'Toyota',
      'Vehicle Model': 'Corolla',
      km: 50000,
      offer_accepted: false,
      adjustmentAnswers: [
        { question: 'Has the car ever been in an accident?', answer: 'No' },
        { question: 'How many keys do you have?', answer: 'Two or more' },
      ],
    })
    expect(lead!.headers.get('Idempotency-Key')).toBeTruthy()
    await waitFor(() => expect(posted('/api/miscellaneous')).toHaveLength(1))
    expect(posted('/api/miscellaneous')[0]!.body).toMatchObject({ column_name: 'valuation', lead_id: 'lead-1', valuation: { low: 18400 } })

    await user.click(screen.getByRole('button', { name: 'Accept Offer' }))
    expect(await screen.findByRole('heading', { name: 'Offer accepted' })).toBeInTheDocument()
    const accept = posted('/api/leads')[1]!
    expect(accept.body).toMatchObject({ subcategory: '3. Offer Accepted', offer_accepted: true, form_completed: true, lead_id: 'lead-1' })
    await waitFor(() => expect(posted('/api/events')[0]?.body).toMatchObject({ event_id: 18 }))
  })

  it('speaks the site\'s words: its noun, and the plate alone where there are no states', async () => {
    options.states = []
    try {
      const user = userEvent.setup()
      const site = siteFixture()
      await renderApp('/sell-my-car', { ...site, wording: { ...site.wording, stock_noun: 'caravan', stock_noun_plural: 'caravans' } })
      expect(await screen.findByRole('heading', { level: 2, name: 'Your caravan' })).toBeInTheDocument()
      expect(screen.getByRole('heading', { level: 1, name: 'Sell My Caravan' })).toBeInTheDocument()
      expect(screen.getByRole('radio', { name: 'By registration plate' })).toBeChecked()
      expect(screen.queryByRole('combobox', { name: /state/i })).toBeNull()
      expect(document.body.textContent).not.toMatch(/\bcar\b/i)
      await user.type(screen.getByRole('textbox', { name: /registration plate/i }), 'abc123')
      await user.click(screen.getByRole('button', { name: 'Next' }))
      expect(await screen.findByRole('heading', { name: 'Kilometres' })).toBeInTheDocument()
    } finally {
      options.states = ['NSW', 'QLD']
    }
  })

  it('a make the stock does not hold takes a typed model', async () => {
    const user = userEvent.setup()
    await renderApp('/sell-my-car')
    await screen.findByRole('heading', { name: 'Your car' })
    await user.click(screen.getByRole('radio', { name: 'By make, model and year' }))
    await user.selectOptions(screen.getByRole('combobox', { name: /make/i }), 'Alfa Romeo')
    // The chosen make shows its logo tile (a monogram the image service draws).
    expect(document.querySelector('img[src^="/img/make/alfa-romeo.png"]')).not.toBeNull()
    await user.type(screen.getByRole('textbox', { name: /model/i }), 'Giulia')
    await user.selectOptions(screen.getByRole('combobox', { name: /year/i }), '2022')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByRole('heading', { name: 'Kilometres' })).toBeInTheDocument()
  })

  it('over the FAQ limits: the FAQ message instead of a price, the lead still stored', async () => {
    valuationAnswer = () =>
      json(200, { ...estimate, estimate: false, reason: 'over_limits', message: options.faq, low: undefined, high: undefined })
    const user = userEvent.setup()
    await renderApp('/trade-in')
    await fillToDetails(user)
    await user.click(screen.getByRole('button', { name: 'Get My Price' }))
    expect(await screen.findByTestId('trade-in-faq')).toHaveTextContent('over 7 years old or over 100,000 km')
    expect(screen.queryByRole('button', { name: 'Accept Offer' })).toBeNull()
    expect(posted('/api/leads')[0]!.body).toMatchObject({ subcategory: '1. Details Sent', form_completed: true })
  })

  it('each step names what is missing and keeps the buyer there', async () => {
    const user = userEvent.setup()
    await renderApp('/instant-price')
    await screen.findByRole('heading', { name: 'Your car' })
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(screen.getByRole('textbox', { name: /rego/i })).toHaveAccessibleDescription(/enter the rego/i)
    expect(screen.getByRole('combobox', { name: /state/i })).toHaveAccessibleDescription(/choose the state/i)
    await user.type(screen.getByRole('textbox', { name: /rego/i }), 'abc123')
    await user.selectOptions(screen.getByRole('combobox', { name: /state/i }), 'QLD')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    const km = await screen.findByRole('textbox', { name: /kilometres/i })
    await user.type(km, 'lots')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(km).toHaveAccessibleDescription(/kilometres/i)
    await user.type(km, '45000')
    expect(km).toHaveValue('45,000')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await screen.findByRole('heading', { name: 'Condition' })
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(screen.getAllByText('Please answer this question.')).toHaveLength(2)
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)
  })

  it('a server field error sends the buyer back to the step that asks for it', async () => {
    valuationAnswer = () =>
      json(422, {
        error: { code: 'invalid', message: 'Please check the highlighted fields.', fields: { km: "Kilometres can't be negative." } },
      })
    const user = userEvent.setup()
    await renderApp('/trade-in')
    await fillToDetails(user)
    await user.click(screen.getByRole('button', { name: 'Get My Price' }))
    expect(await screen.findByRole('heading', { name: 'Kilometres' })).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: /kilometres/i })).toHaveAccessibleDescription("Kilometres can't be negative.")
    expect(posted('/api/leads')).toHaveLength(0)
  })

  it('/cars/trade-in refuses a car that is not in stock or coming soon', async () => {
    await renderApp('/cars/trade-in?car_id=7')
    expect(await screen.findByText(/2020 Mazda CX-5 is no longer available/)).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Your car' })).toBeNull()
  })

  // docs/behaviour/screens.md: /cars/trade-in?car_id={id} for a car in stock shows
  // that car before the first step, and its valuation carries the car.
  it('/cars/trade-in shows the in-stock car it trades towards and values towards it', async () => {
    const user = userEvent.setup()
    await renderApp('/cars/trade-in?car_id=8')
    const car = await screen.findByRole('figure', { name: 'Trading in towards' })
    expect(within(car).getByRole('link', { name: '2026 Kia Seltos GT-Line' })).toHaveAttribute('href', '/cars/kia-8')
    await fillToDetails(user)
    expect(screen.getByText(/Trading in towards the/)).toHaveTextContent('2026 Kia Seltos GT-Line')
    await user.click(screen.getByRole('button', { name: 'Get My Price' }))
    await screen.findByTestId('trade-in-range')
    expect(posted('/api/leads')[0]?.body).toMatchObject({ car_id: 8 })
  })

  it('asks for a preferred dealership and the terms when the site needs them', async () => {
    const site = siteFixture()
    site.features.terms_required = true
    site.dealerships = [
      { ...site.dealerships[0], id: 1, name: 'North', slug: 'north' },
      { ...site.dealerships[0], id: 2, name: 'South', slug: 'south' },
    ] as typeof site.dealerships
    const user = userEvent.setup()
    await renderApp('/trade-in', site)
    await fillToDetails(user)
    await user.click(screen.getByRole('button', { name: 'Get My Price' }))
    expect(screen.getByRole('combobox', { name: /preferred dealership/i })).toHaveAccessibleDescription(
      'Please select a preferred dealership.',
    )
    expect(screen.getByText('*You must agree to the terms of use before submitting.')).toBeInTheDocument()
    expect(posted('/api/trade-in/valuation')).toHaveLength(0)
  })
  // docs/behaviour/validation.md: the details step checks the contact inputs with the
  // lead forms' rules and words, before anything is sent.
  it('checks the email and mobile as every lead form does, before asking for a price', async () => {
    const user = userEvent.setup()
    await renderApp('/trade-in')
    await fillToDetails(user)
    const email = screen.getByRole('textbox', { name: /email/i })
    const mobile = screen.getByRole('textbox', { name: /mobile/i })
    await user.clear(email)
    await user.type(email, 'jo@example.c')
    await user.clear(mobile)
    await user.type(mobile, '0412 345')
    await user.click(screen.getByRole('button', { name: 'Get My Price' }))
    expect(email).toHaveAccessibleDescription('Email must be an email address like name@example.com.')
    expect(mobile).toHaveAccessibleDescription('Phone must be an Australian phone number, like 0412 345 678 or 07 3123 4567.')
    expect(posted('/api/trade-in/valuation')).toHaveLength(0)
    expect(posted('/api/leads')).toHaveLength(0)
  })

  // docs/behaviour/validation.md: the other wording of the terms message, when the site uses it.
  it('words the terms message as the site does', async () => {
    const site = siteFixture()
    site.features.terms_required = true
    site.wording.terms_message = 'You must agree to the terms of use before submitting the form.'
    const user = userEvent.setup()
    await renderApp('/trade-in', site)
    await fillToDetails(user)
    await user.click(screen.getByRole('button', { name: 'Get My Price' }))
    expect(screen.getByText('You must agree to the terms of use before submitting the form.')).toBeInTheDocument()
  })
  // docs/behaviour/validation.md: a step is checked when the buyer moves on;
  // its messages stay while the buyer types and go on the next press.
  it('checks a step on Next, not while typing, and keeps focus on the button', async () => {
    const user = userEvent.setup()
    await renderApp('/trade-in')
    await fillToDetails(user)
    const email = screen.getByRole('textbox', { name: /email/i })
    await user.clear(email)
    const button = screen.getByRole('button', { name: 'Get My Price' })
    await user.click(button)
    expect(email).toHaveAccessibleDescription('Email is required.')
    expect(email).toHaveAttribute('aria-invalid', 'true')
    expect(button).toHaveFocus()
    await user.type(email, 'jo@example.com')
    expect(email).toHaveAccessibleDescription('Email is required.')
    await user.click(button)
    expect(await screen.findByTestId('trade-in-range')).toBeInTheDocument()
  })

  it('clears the car messages when the buyer describes the car the other way', async () => {
    const user = userEvent.setup()
    await renderApp('/trade-in')
    await screen.findByRole('heading', { name: 'Your car' })
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(screen.getByText(/enter the rego/i)).toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: 'By make, model and year' }))
    expect(screen.queryByText(/enter the rego/i)).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(screen.getByRole('combobox', { name: /make/i })).toHaveAccessibleDescription('Please choose the make.')
    expect(screen.getByRole('combobox', { name: /model/i })).toHaveAccessibleDescription('Please choose the model.')
    expect(screen.getByRole('combobox', { name: /year/i })).toHaveAccessibleDescription('Please choose the year.')
  })

  it('asks a caravan yard no kilometres and values the caravan at 0 km', async () => {
    const user = userEvent.setup()
    const base = siteFixture()
    await renderApp('/sell-my-car', siteFixture({ wording: { ...base.wording, viewing: 'inspection', stock_noun: 'caravan', stock_noun_plural: 'caravans' } }))
    expect(within(await screen.findByRole('list', { name: 'Steps' })).getAllByRole('listitem')).toHaveLength(3)
    await fillToDetails(user, { caravan: true })
    for (const box of screen.queryAllByRole('checkbox', { name: /terms/i })) await user.click(box)
    await user.click(screen.getByRole('button', { name: /get my price|get price|next/i }))
    await waitFor(() => expect(posted('/api/trade-in/valuation')).toHaveLength(1))
    expect(posted('/api/trade-in/valuation')[0]?.body?.km).toBe(0)
  })

  it('says on the first step that a plate is unknown', async () => {
    const user = userEvent.setup()
    await renderApp('/trade-in')
    await screen.findByRole('heading', { name: 'Your car' })
    await user.type(screen.getByRole('textbox', { name: /rego/i }), 'zzz999')
    await user.selectOptions(screen.getByRole('combobox', { name: /state/i }), 'QLD')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(screen.getByRole('textbox', { name: /rego/i })).toHaveAccessibleDescription(unknownRego))
    expect(screen.getByRole('heading', { name: 'Your car' })).toBeInTheDocument()
    const asked = calls.find((c) => c.url.pathname === '/api/trade-in/rego')
    expect(asked?.url.searchParams.get('regoState')).toBe('QLD')
    expect(posted('/api/trade-in/valuation')).toHaveLength(0)
  })

  it('answering a question clears its message only; a quick pick clears the kilometres message', async () => {
    const user = userEvent.setup()
    await renderApp('/trade-in')
    await screen.findByRole('heading', { name: 'Your car' })
    await user.type(screen.getByRole('textbox', { name: /rego/i }), 'abc123')
    expect(screen.getByRole('textbox', { name: /rego/i })).toHaveValue('ABC123')
    await user.selectOptions(screen.getByRole('combobox', { name: /state/i }), 'QLD')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await screen.findByRole('heading', { name: 'Kilometres' })
    await user.click(screen.getByRole('button', { name: 'Next' }))
    const km = screen.getByRole('textbox', { name: /kilometres/i })
    expect(km).toHaveAccessibleDescription('Please enter the kilometres.')
    await user.click(screen.getByRole('button', { name: '30,000 kms' }))
    expect(km).not.toHaveAccessibleDescription()
    expect(km).toHaveValue('30,000 kms')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await screen.findByRole('heading', { name: 'Condition' })
    await user.click(screen.getByRole('button', { name: 'Next' }))
    const accident = screen.getByRole('group', { name: /accident/i })
    const keys = screen.getByRole('group', { name: /keys/i })
    expect(accident).toHaveAccessibleDescription('Please answer this question.')
    await user.click(within(accident).getByRole('radio', { name: 'No' }))
    expect(accident).not.toHaveAccessibleDescription()
    expect(keys).toHaveAccessibleDescription('Please answer this question.')
  })

  it('keeps every answer when the buyer goes back and forth', async () => {
    const user = userEvent.setup()
    await renderApp('/trade-in')
    await fillToDetails(user)
    await user.click(screen.getByRole('button', { name: 'Back' }))
    expect(await screen.findByRole('heading', { name: 'Condition' })).toHaveFocus()
    expect(within(screen.getByRole('group', { name: /keys/i })).getByRole('radio', { name: 'Two or more' })).toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Back' }))
    await user.click(screen.getByRole('button', { name: 'Back' }))
    await screen.findByRole('heading', { name: 'Your car' })
    expect(screen.getByRole('radio', { name: 'By make, model and year' })).toBeChecked()
    expect(screen.getByRole('combobox', { name: /model/i })).toHaveValue('Corolla')
    expect(screen.getByRole('combobox', { name: /year/i })).toHaveValue('2022')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(screen.getByRole('textbox', { name: /kilometres/i })).toHaveValue('50,000 kms')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(screen.getByRole('textbox', { name: /email/i })).toHaveValue('jo@example.com')
    await user.click(screen.getByRole('button', { name: 'Get My Price' }))
    await screen.findByTestId('trade-in-range')
    expect(posted('/api/leads')[0]!.body).toMatchObject({ name: 'Jo', email: 'jo@example.com', 'Vehicle Model': 'Corolla', km: 50000 })
  })

  it("keeps the server's message above a step whose own check then fails", async () => {
    valuationAnswer = () =>
      json(422, {
        error: { code: 'invalid', message: 'Please check the highlighted fields.', fields: { km: "Kilometres can't be negative." } },
      })
    const user = userEvent.setup()
    await renderApp('/trade-in')
    await fillToDetails(user)
    await user.click(screen.getByRole('button', { name: 'Get My Price' }))
    const km = await screen.findByRole('textbox', { name: /kilometres/i })
    expect(screen.getByText('Please check the highlighted fields.')).toBeInTheDocument()
    await user.clear(km)
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(km).toHaveAccessibleDescription('Please enter the kilometres.')
    expect(screen.getByText('Please check the highlighted fields.')).toBeInTheDocument()
    await user.clear(km)
    await user.type(km, '45000')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await screen.findByRole('heading', { name: 'Condition' })
    expect(screen.queryByText('Please check the highlighted fields.')).toBeNull()
  })

  it('says plainly when the offer cannot be accepted, and takes it on a second press', async () => {
    const user = userEvent.setup()
    await renderApp('/trade-in')
    await fillToDetails(user)
    await user.click(screen.getByRole('button', { name: 'Get My Price' }))
    await screen.findByTestId('trade-in-range')
    const fetchMock = vi.mocked(globalThis.fetch)
    const real = fetchMock.getMockImplementation()!
    fetchMock.mockImplementationOnce(async () => json(500, { error: { code: 'internal', message: 'boom' } }))
    await user.click(screen.getByRole('button', { name: 'Accept Offer' }))
    expect(await screen.findByText('An error occurred when submitting this form')).toBeInTheDocument()
    fetchMock.mockImplementation(real)
    await user.click(screen.getByRole('button', { name: 'Accept Offer' }))
    expect(await screen.findByRole('heading', { name: 'Offer accepted' })).toBeInTheDocument()
    expect(screen.queryByText('An error occurred when submitting this form')).toBeNull()
  })
})
