import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CarDetail, Site } from '@/lib/api'
import { renderApp } from '@/testing/render-app'
import { siteFixture } from '@/testing/site-fixture'
import { carFixture } from '@/testing/car-fixture'

type Answers = { car: CarDetail; autogauge?: unknown; autogaugeStatus?: number; views?: number; similar?: CarDetail[] }
let answers: Answers
let calls: { url: URL; init?: RequestInit }[]

function json(status: number, body: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

// The route's chunk loads lazily; load it once so the first test does not
// spend its wait on the import.
beforeAll(async () => {
  await Promise.all([import('@/app/routes/vehicle'), import('@/app/routes/not-found'), import('@/features/layout')])
}, 30_000)

beforeEach(() => {
  calls = []
  answers = { car: carFixture() }
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://test-motors.localhost')
    calls.push({ url, init })
    const p = url.pathname
    if (p.endsWith('/autogauge')) return json(answers.autogaugeStatus ?? 200, answers.autogauge ?? {})
    if (p.endsWith('/view.json')) return json(200, { views: answers.views ?? 41, car_fields: {} })
    if (p.endsWith('/similar')) return json(200, { hits: answers.similar ?? [] })
    if (p.endsWith('/call-reveal') || p === '/api/events') return new Response(null, { status: 204 })
    if (p.startsWith('/api/cars/')) return json(200, { car: answers.car })
    return json(404, { error: { code: 'not_found', message: 'Not found.' } })
  })
})

afterEach(() => {
  vi.restoreAllMocks()
  window.localStorage.clear()
})

function site(features: Partial<Site['features']> = {}, more: Partial<Site> = {}): Site {
  const s = siteFixture(more)
  return { ...s, features: { ...s.features, ...features } }
}

async function open(car: CarDetail, s: Site = site()) {
  answers.car = car
  const view = await renderApp(`/cars/${car.slug}`, s)
  await screen.findByRole('heading', { level: 1 })
  return view
}

describe('vehicle page', { timeout: 20_000 }, () => {
  it('shows the title, breadcrumb, price with the Was price and the actions of an available car', async () => {
    await open(carFixture({ price_display: { kind: 'reduced', text: '$45,990', was: '$48,990', suffix: '' } }))
    expect(screen.getByRole('heading', { level: 1, name: '2021 Toyota HiLux SR5' })).toBeInTheDocument()
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }))
    expect(crumbs.getByRole('link', { name: 'Used Cars' })).toHaveAttribute('href', '/used-car')
    expect(crumbs.getByText('2021 Toyota HiLux SR5')).toHaveAttribute('aria-current', 'page')
    const summary = within(screen.getByRole('complementary', { name: '2021 Toyota HiLux SR5 summary' }))
    expect(summary.getByText('$45,990')).toBeInTheDocument()
    expect(summary.getByText('$48,990').tagName).toBe('S')
    // The lead dialogs' triggers are buttons.
    expect(summary.getByRole('button', { name: 'Enquire Now' })).toBeInTheDocument()
    expect(summary.getByRole('button', { name: 'Book a Test Drive' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Test Motors Brisbane' })).toHaveAttribute('href', '#vehicle-map')
    // docs/behaviour/screens.md#routes: 'See more from this dealer' uses the dealership slug.
    expect(screen.getByRole('link', { name: 'See more from this dealer' })).toHaveAttribute('href', '/search/test-motors')
  })

  it('a sold car shows the sold notices and no price or actions (docs/behaviour/errors.md#sold-car)', async () => {
    await open(carFixture({ status: 'sold', available: false }))
    expect(screen.getAllByText('Unfortunately this car recently sold.').length).toBeGreaterThan(0)
    expect(await screen.findByText("But don't worry, we can help you find a similar car!")).toBeInTheDocument()
    expect(screen.queryByText('$48,990')).not.toBeInTheDocument()
    for (const role of ['link', 'button'] as const) {
      expect(screen.queryByRole(role, { name: 'Enquire Now' })).not.toBeInTheDocument()
      expect(screen.queryByRole(role, { name: 'Book a Test Drive' })).not.toBeInTheDocument()
    }
  })

  it('a reserved car, and one coming soon, say so and offer no test drive', async () => {
    await open(carFixture({ reserved: true }))
    const summary = within(screen.getByRole('complementary', { name: '2021 Toyota HiLux SR5 summary' }))
    expect(summary.getByTestId('availability-notice')).toHaveTextContent('RESERVED')
    expect(summary.getByRole('button', { name: 'Enquire Now' })).toBeInTheDocument()
    expect(summary.queryByRole('button', { name: 'Book a Test Drive' })).not.toBeInTheDocument()
    cleanup()
    await open(carFixture({ status: 'coming_soon' }))
    const soon = within(screen.getByRole('complementary', { name: '2021 Toyota HiLux SR5 summary' }))
    expect(soon.getByTestId('availability-notice')).toHaveTextContent('COMING SOON')
    expect(soon.queryByRole('button', { name: 'Book a Test Drive' })).not.toBeInTheDocument()
  })

  it('masks the phone until clicked, then logs a call reveal (docs/behaviour/states.md#phone-reveal)', async () => {
    const user = userEvent.setup()
    await open(carFixture(), site({ reveal_phone: true }))
    const reveal = screen.getAllByRole('button', { name: /^07 35XX XXXX.*reveal the dealer's phone number/ })[0]!
    await user.click(reveal)
    expect(screen.getAllByRole('link', { name: /Call the dealer on 07 3555 0199/ }).length).toBeGreaterThan(0)
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/call-reveal') && c.init?.method === 'POST')).toBe(true))
  })

  it('starts revealed where the site says so', async () => {
    await open(carFixture(), site({ reveal_phone: true, phone_revealed: true }))
    expect(screen.queryByRole('button', { name: /reveal the dealer's phone number/ })).not.toBeInTheDocument()
  })

  it('key information shows 4 specs, then all on Show More, and the feature list 8 then all', async () => {
    const user = userEvent.setup()
    await open(carFixture())
    const key = screen.getByRole('region', { name: 'Key Information' })
    expect(within(key).getAllByRole('term')).toHaveLength(4)
    await user.click(within(key).getByRole('button', { name: 'Show More' }))
    expect(within(key).getAllByRole('term').length).toBeGreaterThan(4)
    expect(within(key).getByRole('button', { name: 'Show Less' })).toHaveAttribute('aria-expanded', 'true')

    const features = screen.getByRole('region', { name: 'Features' })
    expect(within(features).getAllByRole('listitem')).toHaveLength(8)
    await user.click(within(features).getByRole('button', { name: 'Show All' }))
    expect(within(features).getAllByRole('listitem')).toHaveLength(10)
    expect(within(features).getByRole('button', { name: 'Hide' })).toBeInTheDocument()
  })

  it('dealer comments: HTML shown, long ones cut at 400 with Show More, missing ones pending', async () => {
    const user = userEvent.setup()
    const long = `<p>${'Great family car. '.repeat(40)}</p>`
    const view = await open(carFixture({ dealercomments: long }))
    const comments = screen.getByRole('region', { name: 'Dealer Comments' })
    expect(comments.textContent!.length).toBeLessThan(long.length - 100)
    await user.click(within(comments).getByRole('button', { name: 'Show More' }))
    expect(within(comments).getByRole('button', { name: 'Show Less' })).toBeInTheDocument()
    view.unmount()

    await open(carFixture({ id: 2, dealercomments: '' }))
    expect(screen.getByText('Dealer comments are pending. Please check back here later.')).toBeInTheDocument()
  })

  it('caravans show their specifications in metres (docs/behaviour/screens.md#vehicle-page)', async () => {
    await open(
      carFixture({
        item_type: 'caravan',
        specifications: { body_width: 7.5, body_length: 20, tare_weight: 2450, axle_type: 'Tandem', sleeps: 4, aggregate_trailer_mass: 3200 },
      }),
    )
    const specs = screen.getByRole('region', { name: 'Caravan Specifications' })
    expect(within(specs).getByText('6.1 m (20 ft)')).toBeInTheDocument()
    expect(within(specs).getByText('Tandem')).toBeInTheDocument()
    // The summary tiles give a caravan's figures, not an odometer or gearbox.
    const facts = screen.getByRole('list', { name: 'Key facts' })
    expect(facts).toHaveTextContent('Length6.1 mTare2,450 kgATM3,200 kgSleeps4')
    expect(facts).not.toHaveTextContent(/km|—/)
    expect(screen.getByRole('region', { name: 'Caravan Details' })).toBeInTheDocument()
  })

  it('price comparison shows Great Deal for a full bar, and nothing when confidence is low (docs/behaviour/validation.md#price-comparison-visibility and docs/behaviour/constants.md)', async () => {
    answers.autogauge = { fill: 0.8, listing_price: 30000, market_range_min: 29000, market_range_max: 36000, confidence: 0.6, description: 'Priced well.' }
    const view = await open(carFixture(), site({ autogauge: true }))
    expect(await screen.findByText('Great Deal')).toBeInTheDocument()
    expect(screen.getByRole('meter', { name: 'Deal rating' })).toHaveAttribute('aria-valuenow', '80')
    // Low on the left, high on the right; the marker at the price, 1 - fill from the left.
    expect(screen.getByTestId('price-comparison-ends')).toHaveTextContent(/^Market low \$29,000Market high \$36,000$/)
    await waitFor(() => expect(screen.getByTestId('price-comparison-marker').style.left).toBe('20%'))
    expect(screen.getByTestId('price-comparison')).toHaveAttribute('data-tone', 'high')
    view.unmount()

    answers.autogauge = { fill: 0.8, listing_price: 30000, market_range_min: 29000, market_range_max: 36000, confidence: 0.2, description: '' }
    await open(carFixture({ id: 3 }), site({ autogauge: true }))
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/2021-toyota-hilux-sr5-3/autogauge'))).toBe(true))
    expect(screen.queryByRole('region', { name: 'Price Comparison' })).not.toBeInTheDocument()
  })

  it('logs and hides the comparison when it fails (docs/behaviour/errors.md#delivery-empty-postcode)', async () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => {})
    answers.autogaugeStatus = 500
    answers.autogauge = { error: { code: 'internal', message: 'Internal error.' } }
    await open(carFixture(), site({ autogauge: true }))
    await waitFor(() => expect(err).toHaveBeenCalledWith('Failed to fetch auto gauge data.', expect.anything()))
    expect(screen.queryByRole('region', { name: 'Price Comparison' })).not.toBeInTheDocument()
  })

  it('favourite toggles the car in local storage', async () => {
    const user = userEvent.setup()
    await open(carFixture())
    const fav = screen.getByRole('button', { name: /^Favourite/ })
    expect(fav).toHaveAttribute('aria-pressed', 'false')
    await user.click(fav)
    expect(fav).toHaveAttribute('aria-pressed', 'true')
    expect(window.localStorage.getItem('forecourt:favourites')).toContain('"id":1')
  })

  it('compare adds the car to the compare list and says so; off without the compare switch or for a sold car', async () => {
    const user = userEvent.setup()
    await open(carFixture(), site({ compare: true }))
    const summary = within(screen.getByRole('complementary', { name: '2021 Toyota HiLux SR5 summary' }))
    const add = summary.getByRole('button', { name: 'Add 2021 Toyota HiLux SR5 to compare' })
    expect(add).toHaveAttribute('aria-pressed', 'false')
    await user.click(add)
    const remove = summary.getByRole('button', { name: 'Remove 2021 Toyota HiLux SR5 from compare' })
    expect(remove).toHaveAttribute('aria-pressed', 'true')
    expect(JSON.parse(window.localStorage.getItem('forecourt:compare')!).map((c: { id: number }) => c.id)).toEqual([1])
    await user.click(remove)
    expect(window.localStorage.getItem('forecourt:compare')).toBe('[]')

    cleanup()
    await open(carFixture({ id: 2 }), site({ compare: false }))
    expect(screen.queryByRole('button', { name: /to compare$/ })).toBeNull()
    cleanup()
    await open(carFixture({ id: 3, status: 'sold', available: false }), site({ compare: true }))
    expect(screen.queryByRole('button', { name: /to compare$/ })).toBeNull()
  })

  it('the finance disclaimer opens and truncates at 197 characters (docs/behaviour/constants.md)', async () => {
    const user = userEvent.setup()
    const text = 'Finance is subject to approval. '.repeat(10).trim()
    await open(carFixture(), siteFixture({ finance: { ...siteFixture().finance, disclaimer: text } }))
    const box = within(screen.getByRole('region', { name: 'Finance disclaimer' }))
    await user.click(box.getByRole('button', { name: 'Click for Finance Disclaimer' }))
    const shown = box.getByText(/^Finance is subject to approval/)
    expect(shown.textContent!.length).toBeLessThanOrEqual(198)
    await user.click(box.getByRole('button', { name: 'Show More' }))
    expect(box.getByText(text)).toBeInTheDocument()
    expect(box.getByRole('button', { name: 'Show Less' })).toBeInTheDocument()
  })

  it('ends with the disclaimer: the site terms for every car, the finance disclaimer for one for sale', async () => {
    const wording = { ...siteFixture().wording, terms: 'Vehicles are subject to prior sale.' }
    await open(carFixture(), siteFixture({ wording }))
    let bottom = within(screen.getByRole('region', { name: 'Disclaimer' }))
    expect(bottom.getByText('Vehicles are subject to prior sale.')).toBeInTheDocument()
    cleanup()
    await open(carFixture({ status: 'sold', available: false }), siteFixture({ wording }))
    bottom = within(screen.getByRole('region', { name: 'Disclaimer' }))
    expect(bottom.getByText('Vehicles are subject to prior sale.')).toBeInTheDocument()
    expect(bottom.queryByRole('region', { name: 'Finance disclaimer' })).toBeNull()
  })

  it('Why us and Why Buy From Us with the warranty line', async () => {
    await open(carFixture(), siteFixture({ wording: { ...siteFixture().wording, why_us: ['Mechanical protection of 3 years', 'Quality Assured', 'Personalised Finance'] } }))
    expect(screen.getByRole('region', { name: 'Why Test Motors?' })).toBeInTheDocument()
    const buy = screen.getByRole('region', { name: 'Why Buy From Us?' })
    expect(within(buy).getByText('3 Year Warranty Standard')).toBeInTheDocument()
    expect(within(buy).getByText('Easy Finance')).toBeInTheDocument()
  })

  // docs/behaviour/screens.md#vehicle-other-blocks: 'Why [dealer name]?' point 1 is
  // mechanical protection of 3 years, or 5 for some brands: worked out per car.
  it.each([
    ['Kia', 'Mechanical protection of 5 years'],
    ['Toyota', 'Mechanical protection of 3 years'],
  ])('Why us point 1 for a %s reads %s', async (make, text) => {
    const site = siteFixture({ wording: { ...siteFixture().wording, why_us: ['Quality Assured', 'Personalised Finance'] } })
    site.vehicle_page = { ...site.vehicle_page, mechanical_protection: { years: 3, brand_years: 5, brands: ['Kia', 'Hyundai'] } }
    await open(carFixture({ make }), site)
    const items = within(screen.getByRole('region', { name: 'Why Test Motors?' })).getAllByRole('listitem')
    expect(items.map((li) => li.textContent)).toEqual([text, 'Quality Assured', 'Personalised Finance'])
  })

  // docs/behaviour/states.md#availability: a sold car shows the sold panel "with a
  // different similar-car column class": 4 across the page instead of 3
  // beside the sidebar.
  it.each([
    [true, 'lg:basis-1/3', 'lg:basis-1/4'],
    [false, 'lg:basis-1/4', 'lg:basis-1/3'],
  ])('similar cars of a car available=%s use %s', async (available, want, not) => {
    answers.similar = [carFixture({ id: 91, slug: 'a-91', name: 'Similar A' }), carFixture({ id: 92, slug: 'b-92', name: 'Similar B' })]
    await open(carFixture({ status: available ? 'in_stock' : 'sold', available }))
    const carousel = await screen.findByRole('group', { name: 'Similar cars' })
    const slides = await within(carousel).findAllByRole('group', { name: /of 2$/ })
    expect(slides).toHaveLength(2)
    for (const s of slides) {
      expect(s.className).toContain(want)
      expect(s.className).not.toContain(not)
    }
  })

  it('counts a view with the car fields the page holds', async () => {
    await open(carFixture())
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/view.json'))).toBe(true))
    const call = calls.find((c) => c.url.pathname.endsWith('/view.json'))!
    expect(call.url.searchParams.get('photos_count')).toBe('12')
    expect(call.url.searchParams.get('website_id')).toBe('test-motors')
  })

  // docs/behaviour/errors.md#image-fallback and
  // docs/behaviour/validation.md#request-photos-form: a car without photos
  // offers a request that opens the photo request dialog.
  it('a car without photos offers Request Photos, which opens its dialog for that car', async () => {
    const user = userEvent.setup()
    await open(carFixture({ images: [], photos_count: 0, primary_image_url: '' }))
    await user.click(await screen.findByRole('button', { name: 'Request Photos' }))
    const dialog = await screen.findByRole('dialog', { name: 'Request Photos' })
    expect(within(dialog).getByText('2021 Toyota HiLux SR5')).toBeInTheDocument()
    expect(await within(dialog).findByRole('button', { name: 'Request Photos' })).toBeInTheDocument()
  })

  // docs/behaviour/roles.md: "Instant Message (chat) replaces Enquire Now when chat is
  // configured, there is no podium token and the vehicle is reservable".
  it('Instant Message opens the site chat about this car, not the enquiry dialog', async () => {
    const user = userEvent.setup()
    await open(carFixture(), site({ chat: true, reserve: true, chat_state: 'hidden' }))
    const summary = within(screen.getByRole('complementary', { name: '2021 Toyota HiLux SR5 summary' }))
    expect(summary.queryByRole('button', { name: 'Enquire Now' })).toBeNull()
    await user.click(summary.getByRole('button', { name: 'Instant Message' }))
    const chat = await screen.findByRole('dialog', { name: 'Instant Message' })
    expect(within(chat).getByText('2021 Toyota HiLux SR5')).toBeInTheDocument()
    expect(await within(chat).findByRole('button', { name: 'Send Message' })).toBeInTheDocument()
  })
})
