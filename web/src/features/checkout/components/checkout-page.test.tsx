import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { CarDetail } from '@/lib/api'
import { carFixture } from '@/testing/car-fixture'
import { renderApp } from '@/testing/render-app'
import { siteFixture } from '@/testing/site-fixture'

afterEach(() => vi.restoreAllMocks())

beforeAll(async () => {
  await import('@/app/routes/checkout')
}, 30_000)

const page = (path: string, title: string) => ({ path, title, description: '', component: 'checkout' as const })

function site(over: Parameters<typeof siteFixture>[0] = {}) {
  const base = siteFixture()
  return siteFixture({
    ...over,
    pages: [...(base.pages ?? []), page('/cars/:slug/checkout', 'Reserve Your Car'), page('/checkout-journey', 'Online Purchase')],
  })
}

type Sent = { url: string; body: Record<string, unknown>; key: string | null }

function serve(car: CarDetail | null) {
  const sent: Sent[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input)
    if (url.startsWith('/api/cars/')) {
      if (!car) return Response.json({ error: { code: 'not_found', message: 'Car not found.' } }, { status: 404 })
      return Response.json({ car })
    }
    if (init?.method === 'POST') {
      sent.push({ url, body: JSON.parse(String(init.body)), key: new Headers(init.headers).get('Idempotency-Key') })
      if (url === '/api/leads') return Response.json({ lead_id: 'lead-1' }, { status: 201 })
    }
    return new Response(null, { status: 204 })
  })
  return sent
}

describe('/cars/{slug}/checkout', () => {
  it('an eligible car: summary, the default $200 deposit, how it is paid, then a reserve lead and event 18', async () => {
    const car = carFixture({ id: 7 })
    const sent = serve(car)
    const { router } = await renderApp(`/cars/${car.slug}/checkout`, site())
    const main = screen.getByRole('main')
    expect(await within(main).findByRole('heading', { level: 1, name: 'Reserve Your Car' })).toBeInTheDocument()
    const summary = await within(main).findByRole('complementary', { name: 'Your car' })
    expect(within(summary).getByRole('link', { name: car.name })).toHaveAttribute('href', `/cars/${car.slug}`)
    expect(within(summary).getByText('$48,990')).toBeInTheDocument()
    expect(within(main).getByTestId('reserve-deposit')).toHaveTextContent('A $200 deposit holds this car')
    // One plain answer to how the deposit is paid: not here, to the dealer
    // when they call; no card brands or wallets that suggest otherwise.
    expect(within(main).getByTestId('deposit-payment')).toHaveTextContent(
      'Nothing is charged on this website. After you send this request, Test Motors contacts you to take the $200 deposit by card over the phone or by bank transfer.',
    )
    expect(within(main).queryByRole('list', { name: 'Payment methods' })).toBeNull()
    expect(within(main).queryByText(/Apple Pay|Google Pay/)).toBeNull()
    expect(within(main).queryByTestId('return-terms')).toBeNull()

    const form = within(main).getByRole('form', { name: 'Reserve Your Car' })
    await userEvent.type(within(form).getByRole('textbox', { name: /first name/i }), 'Jo')
    await userEvent.type(within(form).getByRole('textbox', { name: /last name/i }), 'Buyer')
    await userEvent.type(within(form).getByRole('textbox', { name: /email/i }), 'jo@example.com')
    await userEvent.type(within(form).getByRole('textbox', { name: /mobile/i }), '0412 345 678')
    await userEvent.type(within(form).getByRole('textbox', { name: /postcode/i }), '4000')
    // The terms are always asked for on a reservation.
    await userEvent.click(within(form).getByRole('button', { name: 'Reserve Now' }))
    expect(await within(form).findAllByText('*You must agree to the terms of use before submitting.')).not.toHaveLength(0)
    expect(sent.filter((s) => s.url === '/api/leads')).toHaveLength(0)
    await userEvent.click(within(form).getByRole('checkbox', { name: /agree to the terms/i }))
    await userEvent.click(within(form).getByRole('button', { name: 'Reserve Now' }))

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/success'))
    const lead = sent.find((s) => s.url === '/api/leads')!
    expect(lead.key).toBeTruthy()
    expect(lead.body).toMatchObject({
      category: 'reserve',
      subcategory: '3. Offer Accepted',
      car_id: 7,
      name: 'Jo',
      last_name: 'Buyer',
      postcode: '4000',
      terms_accepted: true,
      offer_accepted: true,
      form_completed: true,
    })
    await vi.waitFor(() => expect(sent.find((s) => s.url === '/api/events')?.body).toMatchObject({ event_id: 18, car_id: 7 }))
  })

  it('fills in a signed-in buyer’s mobile', async () => {
    const car = carFixture({ id: 11 })
    serve(car)
    const fetchMock = vi.mocked(globalThis.fetch)
    const answer = fetchMock.getMockImplementation()!
    fetchMock.mockImplementation(async (input, init) =>
      String(input) === '/api/me' ? Response.json({ phone: '+61412345678' }) : answer(input, init),
    )
    window.localStorage.setItem('forecourt:signed-in', '1')
    try {
      await renderApp(`/cars/${car.slug}/checkout`, site())
      const form = await screen.findByRole('form', { name: 'Reserve Your Car' })
      await vi.waitFor(() => expect(within(form).getByRole('textbox', { name: /mobile/i })).toHaveValue('0412 345 678'))
    } finally {
      window.localStorage.removeItem('forecourt:signed-in')
    }
  })

  it('shows the site’s own deposit wording and return terms', async () => {
    const car = carFixture({ id: 8 })
    serve(car)
    const base = siteFixture()
    await renderApp(`/cars/${car.slug}/checkout`, site({ wording: { ...base.wording, reserve_deposit: '$500', return_terms: 'Return it within 14 days and 500 km.' } }))
    expect(await screen.findByTestId('reserve-deposit')).toHaveTextContent('A $500 deposit holds this car')
    expect(screen.getByTestId('return-terms')).toHaveTextContent('Return it within 14 days and 500 km.')
  })

  it.each([
    ['sold', { status: 'sold', available: false }, {}, 'This car has been sold'],
    ['test-drive-only', { custom_tag: 'Test Drive Only' }, {}, 'for test drives only'],
    ['priced 200 under the strict rule', { price: 200 }, { strict: true }, 'contact us about its price'],
  ] as const)('a %s car gets a message and links, not a form', async (_, over, opts, text) => {
    const car = carFixture({ id: 9, ...(over as Partial<CarDetail>) })
    serve(car)
    const base = siteFixture()
    const s = 'strict' in opts ? site({ vehicle_page: { ...base.vehicle_page, strict_reserve: true } }) : site()
    await renderApp(`/cars/${car.slug}/checkout`, s)
    const main = screen.getByRole('main')
    expect(await within(main).findByRole('heading', { name: 'This car cannot be reserved online' })).toBeInTheDocument()
    expect(within(main).getByText(new RegExp(text))).toBeInTheDocument()
    expect(within(main).queryByRole('form')).toBeNull()
    expect(within(main).getByRole('link', { name: 'Back to the car' })).toHaveAttribute('href', `/cars/${car.slug}`)
    expect(within(main).getByRole('link', { name: 'See similar Toyota HiLux cars' })).toHaveAttribute('href', '/search/toyota/hilux')
  })

  it('an unknown car is the not-found page', async () => {
    serve(null)
    await renderApp('/cars/no-such-car/checkout', site())
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument()
  })

  it('a site that does not offer checkout answers not found', async () => {
    serve(carFixture())
    await renderApp('/cars/any/checkout', siteFixture())
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument()
  })

  it('/checkout-journey is not found while its switch is off', async () => {
    const car = carFixture({ id: 10 })
    serve(car)
    await renderApp(`/checkout-journey?car_id=${car.slug}`, site())
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument()
  })

  it('/checkout-journey with the switch on shows the purchase form for the car', async () => {
    const car = carFixture({ id: 10 })
    serve(car)
    const base = siteFixture()
    await renderApp(`/checkout-journey?car_id=${car.slug}`, site({ features: { ...base.features, checkout_journey: true } }))
    const form = await screen.findByRole('form', { name: 'Online Purchase' })
    expect(within(form).getByRole('button', { name: 'Start Online Purchase' })).toBeInTheDocument()
  })
})
