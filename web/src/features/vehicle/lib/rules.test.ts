import { describe, expect, it } from 'vitest'
import { siteFixture } from '@/testing/site-fixture'
import { carFixture } from '@/testing/car-fixture'
import {
  actions,
  autogaugeTone,
  autogaugeVisible,
  breadcrumb,
  caravanSpecs,
  keyFacts,
  specList,
  chatReplacesEnquire,
  dealLabel,
  dealerPhone,
  feetToMetres,
  fuelCalculatorShown,
  maskPhone,
  phoneStartsRevealed,
  reserveEligible,
  salesThisMonth,
  scrollState,
  shareUrl,
  showAnnouncement,
  truncateHtml,
  truncateText,
  vehicleTitle,
  vehicleType,
  warrantyLine,
} from './rules'

const site = (f: Partial<ReturnType<typeof siteFixture>['features']> = {}, vp: Partial<ReturnType<typeof siteFixture>['vehicle_page']> = {}) => {
  const s = siteFixture()
  // The reserve and purchase pages these tests reach are offered by the site.
  const pages = ['/cars/:slug/checkout', '/cars/:slug/buy-online', '/checkout-journey'].map((path) => ({ path, title: path, description: '' }))
  return { ...s, features: { ...s.features, ...f }, vehicle_page: { ...s.vehicle_page, ...vp }, pages }
}

describe('breadcrumb and title (docs/behaviour/screens.md#vehicle-page)', () => {
  it('lists Home, car type, make, model, body, then year make model badge', () => {
    const crumbs = breadcrumb(carFixture(), false)
    expect(crumbs.map((c) => c.label)).toEqual(['Home', 'Used Cars', 'Toyota', 'HiLux', 'Ute', '2021 Toyota HiLux SR5'])
    // docs/behaviour/screens.md#routes: /used-car/… is the breadcrumb link base.
    expect(crumbs.map((c) => c.href)).toEqual(['/', '/used-car', '/used-car/toyota', '/used-car/toyota/hilux', '/used-car/ute', undefined])
  })
  it('names the car type after /used-car for a new or demo car', () => {
    expect(breadcrumb(carFixture({ car_type: 'new' }), false).map((c) => c.href)).toEqual([
      '/', '/used-car/new-cars', '/used-car/new-cars/toyota', '/used-car/new-cars/toyota/hilux', '/used-car/new-cars/ute', undefined,
    ])
  })
  it('leaves the model out when it is not known', () => {
    expect(breadcrumb(carFixture({ model: '' }), false).map((c) => c.label)).toEqual(['Home', 'Used Cars', 'Toyota', 'Ute', '2021 Toyota SR5'])
  })
  it('uses the full name when series display is on', () => {
    expect(vehicleTitle(carFixture({ name: '2021 Toyota HiLux SR5 GUN126R' }), true)).toBe('2021 Toyota HiLux SR5 GUN126R')
    expect(vehicleTitle(carFixture({ name: '2021 Toyota HiLux SR5 GUN126R' }), false)).toBe('2021 Toyota HiLux SR5')
  })
  it('shows the series in the title when series display is on, whether or not the name has it', () => {
    expect(vehicleTitle(carFixture({ name: '2021 Toyota HiLux SR5', series: 'GUN126R' }), true)).toBe('2021 Toyota HiLux SR5 GUN126R')
    expect(vehicleTitle(carFixture({ name: '', series: 'GUN126R' }), true)).toBe('2021 Toyota HiLux SR5 GUN126R')
    expect(vehicleTitle(carFixture({ name: '2021 Toyota HiLux SR5', series: '' }), true)).toBe('2021 Toyota HiLux SR5')
  })
  it('calls caravans caravans (docs/behaviour/errors.md#sold-car)', () => {
    expect(vehicleType(carFixture({ item_type: 'caravan' }))).toBe('caravan')
    expect(breadcrumb(carFixture({ item_type: 'caravan', car_type: 'new' }), false)[1]!.label).toBe('New Caravans')
  })
})

describe('announcement bar (docs/behaviour/screens.md#vehicle-page)', () => {
  it.each([
    ['Noosa', 'Brisbane', true],
    ['Brisbane', 'Brisbane', false],
    ['brisbane ', 'Brisbane', false],
    ['', 'Brisbane', false],
  ])('car in %s, primary in %s → %s', (car, primary, want) => {
    expect(showAnnouncement(car, primary)).toBe(want)
  })
})

describe('phone (docs/behaviour/states.md#phone-reveal and docs/behaviour/validation.md#phone-display)', () => {
  it('masks after the first 5 characters of the displayed number', () => {
    expect(maskPhone('+61 7 3555 0101', false)).toBe('07 35XX XXXX')
    expect(maskPhone('+61 7 3555 0101', true)).toBe('07 3555 0101')
    expect(maskPhone('(07) 5550 1100', false)).toBe('07 55XX XXXX')
  })
  it('starts revealed where the site says so, or where it does not mask', () => {
    expect(phoneStartsRevealed({ reveal_phone: true, phone_revealed: false })).toBe(false)
    expect(phoneStartsRevealed({ reveal_phone: true, phone_revealed: true })).toBe(true)
    expect(phoneStartsRevealed({ reveal_phone: false, phone_revealed: false })).toBe(true)
  })
  it('takes the car type number only when the site files by car type', () => {
    const s = siteFixture({ phones: { main: '0700000000', by_car_type: { used: '0711111111' }, filter_by_car_type: true } })
    expect(dealerPhone(s, carFixture(), undefined)).toBe('0711111111')
    expect(dealerPhone({ ...s, phones: { ...s.phones, filter_by_car_type: false } }, carFixture(), undefined)).toBe('0700000000')
    expect(dealerPhone({ ...s, phones: { ...s.phones, filter_by_car_type: false } }, carFixture(), s.locations[0])).toBe(s.locations[0]!.contact_detail.phone || s.locations[0]!.phone)
  })
})

describe('actions by availability (docs/behaviour/states.md#availability and docs/behaviour/roles.md)', () => {
  const kinds = (car = carFixture(), s = site()) => actions(car, s).map((a) => a.kind)
  it('an available car gets enquire, test drive and trade-in', () => {
    expect(kinds()).toEqual(['enquire', 'test_drive', 'trade_in'])
  })
  it('a caravan offers an inspection, not a test drive', () => {
    const a = actions(carFixture({ item_type: 'caravan' }), site())
    expect(a.find((x) => x.kind === 'test_drive')?.label).toBe('Book an Inspection')
    expect(actions(carFixture(), site()).find((x) => x.kind === 'test_drive')?.label).toBe('Book a Test Drive')
  })
  it('a sold car gets no actions', () => {
    expect(kinds(carFixture({ status: 'sold', available: false }))).toEqual([])
  })
  it('a reserved car, or one coming soon, offers no booking to see it', () => {
    expect(kinds(carFixture({ reserved: true }))).toEqual(['enquire', 'trade_in'])
    expect(kinds(carFixture({ status: 'coming_soon' }))).toEqual(['enquire', 'trade_in'])
    expect(kinds(carFixture({ item_type: 'caravan', reserved: true }))).not.toContain('test_drive')
  })
  it('history report needs a file', () => {
    expect(kinds(carFixture({ file: '/files/report.pdf' }))).toContain('history_report')
  })
  it('reserve needs the switch, an eligible car and no test-drive-only tag', () => {
    expect(kinds(carFixture(), site({ reserve: true }))).toContain('reserve')
    expect(kinds(carFixture({ custom_tag: 'Test Drive Only' }), site({ reserve: true }))).not.toContain('reserve')
    expect(kinds(carFixture({ reserved: true }), site({ reserve: true }))).not.toContain('reserve')
  })
  it('the strict rule needs in stock, not reserved and a price above 200', () => {
    const strict = site({ reserve: true }, { strict_reserve: true })
    expect(reserveEligible(carFixture({ status: 'coming_soon' }), strict)).toBe(false)
    expect(reserveEligible(carFixture({ price: 200 }), strict)).toBe(false)
    expect(reserveEligible(carFixture({ price: 201 }), strict)).toBe(true)
    expect(reserveEligible(carFixture({ status: 'coming_soon' }), site({ reserve: true }))).toBe(true)
  })
  it('Instant Message replaces Enquire Now with chat, no podium token and a reservable car', () => {
    expect(chatReplacesEnquire(carFixture(), site({ chat: true, reserve: true }))).toBe(true)
    expect(chatReplacesEnquire(carFixture(), site({ chat: true, reserve: true }, { podium_chat: true }))).toBe(false)
    expect(chatReplacesEnquire(carFixture(), site({ chat: true, reserve: false }))).toBe(false)
    expect(kinds(carFixture(), site({ chat: true, reserve: true }))[0]).toBe('instant_message')
  })
  it("'Get Finance Now' opens the finance enquiry where the site turns it on (docs/behaviour/screens.md#dialogs-and-forms)", () => {
    expect(kinds()).not.toContain('finance_enquiry')
    const a = actions(carFixture(), site({}, { finance_enquiry_button: true }))
    expect(a.find((x) => x.kind === 'finance_enquiry')?.label).toBe('Get Finance Now')
    expect(kinds(carFixture({ status: 'sold', available: false }), site({}, { finance_enquiry_button: true }))).toEqual([])
  })
  it('no reserve or purchase button where the site does not offer the page it opens', () => {
    const s = { ...site({ reserve: true, buy_online: true, checkout_journey: true }), pages: [] }
    expect(kinds(carFixture(), s)).not.toContain('reserve')
    expect(kinds(carFixture(), s)).not.toContain('checkout_journey')
  })
  it('buy online and the checkout journey follow their switches', () => {
    const a = actions(carFixture(), site({ reserve: true, buy_online: true, checkout_journey: true }))
    expect(a.find((x) => x.kind === 'reserve')!.href).toBe('/cars/2021-toyota-hilux-sr5-1/buy-online')
    expect(a.find((x) => x.kind === 'checkout_journey')!.href).toBe('/checkout-journey?car_id=2021-toyota-hilux-sr5-1')
  })
})

describe('price comparison (docs/behaviour/validation.md#price-comparison-visibility and docs/behaviour/constants.md)', () => {
  const ok = { fill: 0.7, listing_price: 30000, market_range_min: 28000, market_range_max: 34000, confidence: 0.5, description: 'x' }
  it('shows complete, confident data', () => {
    expect(autogaugeVisible(ok)).toMatchObject({ fill: 0.7, min: 28000, max: 34000 })
  })
  it.each([
    ['confidence 0.2', { ...ok, confidence: 0.2 }],
    ['confidence 0.1', { ...ok, confidence: 0.1 }],
    ['fill missing', { ...ok, fill: null }],
    ['listing price missing', { ...ok, listing_price: undefined }],
    ['range min missing', { ...ok, market_range_min: null }],
    ['range max missing', { ...ok, market_range_max: null }],
    ['confidence missing', { ...ok, confidence: null }],
    ['range max below the listing price', { ...ok, market_range_max: 29999 }],
  ])('hides when %s', (_, d) => {
    expect(autogaugeVisible(d)).toBeNull()
  })
  it.each([
    [0, 'low'],
    [0.29, 'low'],
    [0.3, 'medium'],
    [0.59, 'medium'],
    [0.625, 'medium'],
    [0.65, 'high'],
    [1, 'high'],
  ] as const)('fill %s is %s', (fill, tone) => {
    expect(autogaugeTone(fill)).toBe(tone)
  })
  it.each([0, 0.29, 0.3, 0.6, 0.625, 0.64, 0.65, 0.8, 1])('fill %s: green exactly when it reads Great Deal', (fill) => {
    expect(autogaugeTone(fill) === 'high').toBe(dealLabel(fill) === 'Great Deal')
  })
  it.each([
    [0.64, 'Good Deal'],
    [0.65, 'Great Deal'],
    [0.1, 'Good Deal'],
  ] as const)('fill %s reads %s', (fill, label) => {
    expect(dealLabel(fill)).toBe(label)
  })
})

describe('truncation (docs/behaviour/states.md#dealer-comments and docs/behaviour/constants.md)', () => {
  it('keeps text within the limit whole', () => {
    expect(truncateText('Short.', 197)).toEqual({ text: 'Short.', truncated: false })
  })
  it('cuts the finance disclaimer at 197 characters', () => {
    const long = 'a'.repeat(250)
    const r = truncateText(long, 197)
    expect(r.truncated).toBe(true)
    expect(r.text).toBe('a'.repeat(197) + '…')
  })
  it('cuts dealer comment HTML at 400 characters of text and closes its tags', () => {
    const html = `<p>${'word '.repeat(60)}</p><p><strong>${'more '.repeat(60)}</strong></p>`
    const r = truncateHtml(html, 400)
    expect(r.truncated).toBe(true)
    const div = document.createElement('div')
    div.innerHTML = r.html
    expect(div.textContent!.length).toBeLessThanOrEqual(401)
    expect(div.textContent!.length).toBeGreaterThan(300)
    expect(r.html.endsWith('</strong></p>')).toBe(true)
  })
  it('leaves short comments alone', () => {
    expect(truncateHtml('<p>Nice car.</p>', 400)).toEqual({ html: '<p>Nice car.</p>', truncated: false })
  })
})

describe('sales this month (docs/behaviour/constants.md)', () => {
  it.each([
    // 1st of the month at midnight Brisbane (UTC+10, no daylight saving).
    ['2026-10-31T14:00:00Z', 0],
    // 1st at 01:00 Brisbane: 3600 / 450 = 8.
    ['2026-10-31T15:00:00Z', 8],
    // 23rd at 22:20 Brisbane: 22 × 192 + 80400 / 450 = 4224 + 178.67 → 4402.
    ['2026-11-23T12:20:00Z', 4402],
  ])('%s → %d', (iso, want) => {
    expect(salesThisMonth(new Date(iso))).toBe(want)
  })
})

describe('caravan specifications (docs/behaviour/screens.md#vehicle-page and docs/behaviour/constants.md)', () => {
  it('converts feet to metres at 0.3048', () => {
    expect(feetToMetres(20)).toBe(6.1)
    expect(feetToMetres(7.5)).toBe(2.29)
  })
  it('lists width, length, tare, axle, sleeps and ATM for caravans only', () => {
    const c = carFixture({
      item_type: 'caravan',
      specifications: { body_width: 7.5, body_length: 20, tare_weight: 2450, axle_type: 'Tandem', sleeps: 4, aggregate_trailer_mass: 3200 },
    })
    expect(caravanSpecs(c).map((s) => s.label)).toEqual(['Width', 'Length', 'Tare Weight', 'Axle Type', 'Sleeps', 'Aggregate Trailer Mass'])
    expect(caravanSpecs(c)[1]!.value).toBe('6.1 m (20 ft)')
    expect(caravanSpecs(carFixture())).toEqual([])
  })
})

describe('key facts tiles', () => {
  it('a car shows kilometres, transmission and body', () => {
    expect(keyFacts(carFixture({ km: 45210, simple_transmission: 'Automatic', simple_body: 'Ute' })).map((f) => f.value)).toEqual(['45,210 km', 'Automatic', 'Ute'])
  })
  it('a caravan shows length, tare, ATM and sleeps, never km or a transmission', () => {
    const c = carFixture({
      item_type: 'caravan', km: 0, simple_transmission: '', trans: '',
      specifications: { body_width: 7.5, body_length: 20, tare_weight: 2450, axle_type: 'Tandem', sleeps: 4, aggregate_trailer_mass: 3200 },
    })
    expect(keyFacts(c).map((f) => `${f.label}: ${f.value}`)).toEqual(['Length: 6.1 m', 'Tare: 2,450 kg', 'ATM: 3,200 kg', 'Sleeps: 4'])
    expect(keyFacts({ ...c, specifications: undefined }).map((f) => f.kind)).toEqual(['body'])
    expect(specList({ ...c, car_type: 'used' }).map((f) => f.label)).not.toContain('Odometer')
  })
})

describe('other rules', () => {
  it('warranty line by make and car type, else 3 Year Warranty Standard (docs/behaviour/screens.md#vehicle-page)', () => {
    const s = siteFixture({ wording: { ...siteFixture().wording, warranty: [{ make: 'Toyota', car_type: 'new', text: '7 year unlimited klm warranty, 5 year roadside assist' }] } })
    expect(warrantyLine(s, { make: 'toyota', car_type: 'new' })).toBe('7 year unlimited klm warranty, 5 year roadside assist')
    expect(warrantyLine(s, { make: 'Toyota', car_type: 'used' })).toBe('3 Year Warranty Standard')
  })
  it('the fuel calculator is hidden for electric cars (docs/behaviour/roles.md)', () => {
    const s = site({ fuel_calculator: true })
    expect(fuelCalculatorShown(s, carFixture({ simple_fuel: 'Electric' }))).toBe(false)
    expect(fuelCalculatorShown(s, carFixture({ simple_fuel: 'Petrol' }))).toBe(true)
    expect(fuelCalculatorShown(site({ fuel_calculator: false }), carFixture())).toBe(false)
  })
  it('share link is the base URL without trailing slash plus the path (docs/behaviour/screens.md#routes)', () => {
    expect(shareUrl('https://dealer.example/', '/cars/x')).toBe('https://dealer.example/cars/x')
  })
  it.each([
    [0, false, false],
    [500, false, false],
    [501, true, false],
    [900, true, false],
    [901, true, true],
  ])('scroll %d: sticky %s, bar opened %s (docs/behaviour/constants.md)', (y, sticky, opened) => {
    expect(scrollState(y)).toEqual({ sticky, barOpened: opened })
  })
})
