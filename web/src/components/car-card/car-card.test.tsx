import { fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Site } from '@/lib/api'
import { SiteContext } from '@/lib/site'
import { siteFixture } from '@/testing/site-fixture'
import { hitFixture } from '@/testing/hit-fixture'
import type { Hit } from '@/lib/card-types'
import { CarCard } from './car-card'

function features(over: Partial<Site['features']>): Site {
  const site = siteFixture()
  return { ...site, features: { ...site.features, ...over } }
}

function renderCard(hit: Hit, site: Site = siteFixture(), priority = false) {
  return render(
    <SiteContext.Provider value={site}>
      <MemoryRouter>
        <CarCard hit={hit} priority={priority} />
      </MemoryRouter>
    </SiteContext.Provider>,
  )
}

beforeEach(() => window.localStorage.clear())

describe('CarCard', () => {
  it('links the whole card to the car and shows title, badge, kms, transmission, body and location', () => {
    renderCard(hitFixture({ km: 123456 }))
    const card = screen.getByRole('article', { name: '2021 Toyota Corolla' })
    expect(within(card).getByRole('link', { name: '2021 Toyota Corolla' })).toHaveAttribute('href', '/cars/2021-toyota-corolla-101')
    expect(card).toHaveTextContent('Ascent Sport')
    expect(card).not.toHaveTextContent('ZWE211R')
    expect(card).toHaveTextContent('123,456 km')
    expect(card).toHaveTextContent('Automatic')
    expect(card).toHaveTextContent('Hatch')
    expect(card).toHaveTextContent('Test Motors Brisbane')
  })

  it('says how far the car is from the searched postcode, and nothing without one (docs/behaviour/http.md#distance)', () => {
    const { unmount } = renderCard(hitFixture({ location_name: 'Summit Kia Noosa', distance_km: 23 }))
    expect(screen.getByText('23 km away')).toBeInTheDocument()
    // The yard's name stays whole beside the distance, never cut to fit one line.
    expect(screen.getByText('23 km away').parentElement).toHaveTextContent('23 km away, at Summit Kia Noosa')
    unmount()
    renderCard(hitFixture({ location_name: 'Summit Kia Noosa', distance_km: 0 }))
    expect(screen.getByText('Under 1 km away')).toBeInTheDocument()
  })

  it('names no distance without a postcode', () => {
    renderCard(hitFixture({ location_name: 'Summit Kia Noosa' }))
    expect(screen.queryByText(/km away/)).toBeNull()
  })

  it("gives a caravan's length and berths, never an odometer's 0 km", () => {
    renderCard(hitFixture({ km: 0, item_type: 'caravan', simple_body: 'Caravan', simple_transmission: '', trans: '',
      specifications: { body_width: 7.9, body_length: 20, tare_weight: 2850, axle_type: 'Tandem', sleeps: 5, aggregate_trailer_mass: 3610 } }))
    const card = screen.getByRole('article', { name: '2021 Toyota Corolla' })
    expect(card).not.toHaveTextContent(/\bkm\b/)
    expect(card).toHaveTextContent('Length: 6.1 m')
    expect(card).toHaveTextContent('Sleeps 5')
    expect(card).toHaveTextContent('Caravan')
  })

  it('adds the series to the badge line when the site displays series', () => {
    renderCard(hitFixture(), features({ series_display: true }))
    expect(screen.getByText('Ascent Sport ZWE211R')).toBeInTheDocument()
  })

  it('sizes the image, asks the image service for width and quality, and loads lazily unless prioritised (docs/behaviour/calls.md and docs/behaviour/constants.md)', () => {
    const { unmount } = renderCard(hitFixture())
    let img = screen.getByRole('img', { name: '2021 Toyota Corolla' })
    expect(img).toHaveAttribute('src', '/img/car/101/1.jpg?w=600&q=75')
    expect(img.getAttribute('srcset')).toBe('/img/car/101/1.jpg?w=300&q=75 300w, /img/car/101/1.jpg?w=400&q=75 400w, /img/car/101/1.jpg?w=600&q=75 600w, /img/car/101/1.jpg?w=800&q=75 800w')
    expect(img).toHaveAttribute('sizes')
    expect(img).toHaveAttribute('decoding', 'async')
    expect(img).toHaveAttribute('width', '600')
    expect(img).toHaveAttribute('height', '400')
    expect(img).toHaveAttribute('loading', 'lazy')
    unmount()
    renderCard(hitFixture(), siteFixture(), true)
    img = screen.getByRole('img', { name: '2021 Toyota Corolla' })
    expect(img).toHaveAttribute('loading', 'eager')
    expect(img).toHaveAttribute('fetchpriority', 'high')
  })

  it('shows the request-photos tile when the car has no image (docs/behaviour/errors.md, Image fallback)', () => {
    renderCard(hitFixture({ primary_image_url: '' }))
    expect(screen.queryByRole('img')).toBeNull()
    expect(screen.getByText('Photos coming soon')).toBeInTheDocument()
  })

  it('falls back to the request-photos tile when the image fails to load', () => {
    renderCard(hitFixture())
    fireEvent.error(screen.getByRole('img', { name: '2021 Toyota Corolla' }))
    expect(screen.queryByRole('img')).toBeNull()
    expect(screen.getByText('Photos coming soon')).toBeInTheDocument()
  })

  it.each([
    ['green', { label: 'Electric', tone: 'green', kind: 'electric' }],
    ['red', { label: 'Reserved', tone: 'red', kind: 'reserved' }],
    ['grey', { label: 'Test Drive Only', tone: 'grey', kind: 'custom' }],
  ] as const)('shows the hit tag with its %s tone (docs/behaviour/states.md#car-tags)', (tone, tag) => {
    renderCard(hitFixture({ tag: { ...tag } }))
    const pill = screen.getByText(tag.label)
    expect(pill).toHaveAttribute('data-tone', tone)
  })

  it('shows no tag when the hit has none', () => {
    const { container } = renderCard(hitFixture({ tag: null }))
    expect(container.querySelector('[data-tone]')).toBeNull()
  })

  it.each([
    // docs/behaviour/states.md#price-display, items 1-4.
    ['subscription', { kind: 'subscription', text: '$189', was: null, suffix: '/wk' }, '$189/wk'],
    ['reduced', { kind: 'reduced', text: '$26,990', was: '$28,990', suffix: '' }, '$26,990'],
    ['preorder', { kind: 'preorder', text: 'PREORDER', was: null, suffix: '' }, 'PREORDER'],
    ['none', { kind: 'none', text: 'Enquire for price', was: null, suffix: '' }, 'Enquire for price'],
  ] as const)('shows the %s price the server chose', (_, price, text) => {
    renderCard(hitFixture({ price_display: { ...price } }))
    const card = screen.getByRole('article')
    expect(card.querySelector(`[data-price-kind="${price.kind}"]`)).toHaveTextContent(text)
  })

  it('labels a subscription price and shows the cash price beside it', () => {
    renderCard(
      hitFixture({ price_display: { kind: 'subscription', text: '$365', was: null, suffix: '/wk', label: 'Subscription', cash: '$72,990' } }),
    )
    const block = screen.getByRole('article').querySelector('[data-price-kind="subscription"]')
    expect(block).toHaveTextContent('Subscription$365/wkCash price $72,990')
  })

  it('says what the price includes in words beside it', () => {
    renderCard(hitFixture({ price_type: 'DAP', price_display: { kind: 'price', text: '$52,990', was: null, suffix: '', price_type: 'Drive Away' } }))
    const block = screen.getByRole('article').querySelector('[data-price-kind="price"]')
    expect(block).toHaveTextContent('$52,990Drive Away')
  })

  it('strikes through the Was price when there is one (docs/behaviour/states.md)', () => {
    renderCard(hitFixture({ price_display: { kind: 'reduced', text: '$26,990', was: '$28,990', suffix: '' } }))
    const was = screen.getByText('$28,990')
    expect(was.tagName).toBe('S')
    expect(was.parentElement).toHaveTextContent('Was $28,990')
  })

  // docs/behaviour/states.md#price-rule-2 "A reduced price (above 10): shown as a reduction if it
  // differs from the car price": the car price struck through and the saving.
  it('shows a reduced price as a reduction: the car price struck through and the saving', () => {
    renderCard(hitFixture({ price: 19990, offer_price: 18490, price_display: { kind: 'reduced', text: '$18,490', was: '$19,990', suffix: '', saving: '$1,500' } }))
    const block = screen.getByRole('article').querySelector('[data-price-kind="reduced"]')!
    expect(within(block as HTMLElement).getByText('$19,990').tagName).toBe('S')
    expect(block).toHaveTextContent('$18,490Was $19,990Save $1,500')
  })

  // docs/behaviour/states.md#car-tag-3 "Certified used Toyota shows a certified logo".
  it('draws the certified tag as a logo, not a text pill', () => {
    renderCard(hitFixture({ certified: true, tag: { label: 'Certified', tone: 'green', kind: 'certified' } }))
    expect(screen.getByRole('img', { name: 'Certified used Toyota' })).toBeInTheDocument()
    expect(screen.getByRole('article').querySelector('[data-tone]')).toBeNull()
  })

  // docs/behaviour/states.md#car-tags "A certified badge shows on used cars of one luxury make".
  it('shows the certified badge of the configured make beside another tag', () => {
    renderCard(hitFixture({ make: 'Mercedes-Benz', certified: true, certified_badge: true, tag: { label: 'NEW', tone: 'green', kind: 'new' } }))
    expect(screen.getByRole('img', { name: 'Certified used Mercedes-Benz' })).toBeInTheDocument()
    expect(screen.getByText('NEW')).toBeInTheDocument()
  })

  // docs/behaviour/states.md#favourites-compare "In one tenant variant they are also hidden if the used-only
  // rule fails, price is 0 or less, or there are no images."
  it.each<[string, Partial<Hit>]>([
    ['price 0', { price: 0 }],
    ['no images', { primary_image_url: '', images: [] }],
    ['a demo car on a used-only site', { car_type: 'demo' }],
  ])('hides favourite and compare on the strict site: %s', (_, over) => {
    const base = features({ favourites: true, compare: true, strict_save_controls: true })
    const strict: Site = { ...base, search: { ...base.search, stock_rules: { ...base.search.stock_rules, used_only: true } } }
    const { unmount } = renderCard(hitFixture(over), strict)
    expect(screen.queryByRole('button', { name: /favourites|compare/ })).toBeNull()
    unmount()
    // The same car keeps both on a site without the strict rule.
    renderCard(hitFixture(over), features({ favourites: true, compare: true }))
    expect(screen.getByRole('button', { name: /favourites/ })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /compare/ })).toBeInTheDocument()
  })

  it('keeps favourite and compare on the strict site for a priced used car with photos', () => {
    const base = features({ favourites: true, compare: true, strict_save_controls: true })
    renderCard(hitFixture(), { ...base, search: { ...base.search, stock_rules: { ...base.search.stock_rules, used_only: true } } })
    expect(screen.getByRole('button', { name: /favourites/ })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /compare/ })).toBeInTheDocument()
  })

  it.each([
    [112.4, 'Only $113 /wk*'],
    [26, 'Only $26 /wk*'],
    // docs/behaviour/states.md and docs/behaviour/errors.md: a weekly repayment of 25 or less.
    [25, 'Enquire for Finance'],
    [10, 'Enquire for Finance'],
  ])('shows the weekly finance chip for %s as %s', (weekly, text) => {
    renderCard(hitFixture({ weekly_payment: weekly }), features({ weekly_finance_chip: true }))
    expect(screen.getByText(text)).toBeInTheDocument()
  })

  it('shows no finance chip when the site has it off', () => {
    renderCard(hitFixture({ weekly_payment: 112 }))
    expect(screen.queryByText(/\/wk\*/)).toBeNull()
    expect(screen.queryByText('Enquire for Finance')).toBeNull()
  })

  it('shows SOLD and Find Me Something Similar on a sold car, without a save button', () => {
    renderCard(hitFixture({ available: false, status: 'sold' }))
    expect(screen.getByText('SOLD')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Find Me Something Similar' })).toHaveAttribute('href', '/cars/2021-toyota-corolla-101#find-similar')
    expect(screen.queryByRole('button', { name: /favourites/ })).toBeNull()
  })

  it('keeps the save button on a sold car that is already saved (docs/behaviour/states.md)', () => {
    window.localStorage.setItem('forecourt:favourites', JSON.stringify([{ id: 101, name: 'x', slug: 's', make: 'Toyota', model: 'Corolla', primary_image_url: '' }]))
    renderCard(hitFixture({ available: false, status: 'sold' }))
    expect(screen.getByRole('button', { name: 'Save to favourites: 2021 Toyota Corolla' })).toHaveAttribute('aria-pressed', 'true')
  })

  it('toggles a favourite and keeps it in localStorage', async () => {
    const user = userEvent.setup()
    renderCard(hitFixture())
    const button = screen.getByRole('button', { name: 'Save to favourites: 2021 Toyota Corolla' })
    expect(button).toHaveAttribute('aria-pressed', 'false')
    await user.click(button)
    expect(button).toHaveAttribute('aria-pressed', 'true')
    expect(JSON.parse(window.localStorage.getItem('forecourt:favourites') ?? '[]')).toEqual([
      { id: 101, name: '2021 Toyota Corolla Ascent Sport', slug: '2021-toyota-corolla-101', make: 'Toyota', model: 'Corolla', primary_image_url: '/img/car/101/1.jpg', price_text: '$28,990' },
    ])
    await user.click(button)
    expect(button).toHaveAttribute('aria-pressed', 'false')
    expect(JSON.parse(window.localStorage.getItem('forecourt:favourites') ?? '[]')).toEqual([])
  })

  it('shows compare only where the site enables it, and favourites only where enabled', async () => {
    const user = userEvent.setup()
    renderCard(hitFixture(), features({ favourites: false, compare: true }))
    expect(screen.queryByRole('button', { name: /favourites/ })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Add to compare: 2021 Toyota Corolla' }))
    expect(JSON.parse(window.localStorage.getItem('forecourt:compare') ?? '[]')).toHaveLength(1)
  })
})
