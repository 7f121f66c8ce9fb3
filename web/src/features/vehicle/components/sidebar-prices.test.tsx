import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CarDetail, Site } from '@/lib/api'
import { renderApp } from '@/testing/render-app'
import { siteFixture } from '@/testing/site-fixture'
import { carFixture } from '@/testing/car-fixture'

// The vehicle sidebar's prices, finance wording, badges and save controls
// (docs/behaviour/states.md and docs/behaviour/calls.md), on the real route with the API answered here.

let car: CarDetail
let calls: { path: string; init?: RequestInit }[]

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

beforeAll(async () => {
  await Promise.all([import('@/app/routes/vehicle'), import('@/features/layout')])
}, 30_000)

beforeEach(() => {
  calls = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const p = new URL(String(input), 'http://test-motors.localhost').pathname
    calls.push({ path: p, init })
    if (p === '/api/youx/quote') return json(200, { weeklyRepaymentAmount: 143.4, comparisonRate: 9.12, advertisedRate: 8.49 })
    if (p.endsWith('/view.json')) return json(200, { views: 3, car_fields: {} })
    if (p.endsWith('/similar')) return json(200, { hits: [] })
    if (p.startsWith('/api/cars/') && !p.endsWith('/autogauge')) return json(200, { car })
    return new Response(null, { status: 204 })
  })
})

afterEach(() => {
  vi.restoreAllMocks()
  window.localStorage.clear()
})

function site(features: Partial<Site['features']> = {}): Site {
  const s = siteFixture()
  return { ...s, features: { ...s.features, ...features } }
}

async function open(c: CarDetail, s: Site = site()) {
  car = c
  await renderApp(`/cars/${c.slug}`, s)
  await screen.findByRole('heading', { level: 1 })
  return within(screen.getByRole('complementary', { name: /summary$/ }))
}

const nissanEstimate = {
  provider: 'Nissan Finance', lender_key: 'nissan_finance', lender: 'Nissan Finance', frequency: 'month' as const,
  amount: 51, weekly: 12, monthly: 51, enquire: true, interest_rate: 6.29, comparison_rate: 8.19, term_years: 5,
  deposit: 0, balloon: 0, establishment_fee: 0, price: 2990, amount_financed: 2990, total_repayments: 0, dealer: 'Test Motors',
  text: 'per month* for used Juke with Nissan Finance at Test Motors', disclaimer: '',
  indicative: 'This repayment is indicative only and is not a binding quote.',
}

describe('vehicle sidebar', { timeout: 20_000 }, () => {
  // docs/behaviour/states.md#price-rule-2 "A reduced price ... shown as a reduction if it differs from the car price".
  it('shows a reduced price as a reduction of the car price', async () => {
    const side = await open(carFixture({ price: 19990, offer_price: 18490, price_display: { kind: 'reduced', text: '$18,490', was: '$19,990', suffix: '', saving: '$1,500' } }))
    expect(side.getByText('$18,490')).toBeInTheDocument()
    expect(side.getByText('$19,990').tagName).toBe('S')
    expect(side.getByText('Save $1,500')).toBeInTheDocument()
  })

  it('says when and by how much the price last dropped, and shows its history', async () => {
    const price_history = [
      { date: '2026-09-28', price: 26490 },
      { date: '2026-10-20', price: 24990 },
      { date: '2026-11-12', price: 23490 },
    ]
    const side = await open(carFixture({ price: 23490, price_history }))
    expect(side.getByTestId('price-drop')).toHaveTextContent('Price dropped $1,500 on 12 Nov')
    const table = await screen.findByRole('table', { name: "The car's price since it was listed, oldest first" }, { timeout: 10_000 })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((r) => r.textContent)).toEqual(['28 Sept 2026 (listed)$26,490', '20 Oct 2026$24,990', '12 Nov 2026$23,490'])
    expect(screen.getByRole('heading', { level: 2, name: 'Price history' })).toBeInTheDocument()
  })

  it('says nothing of a drop when the last change was a rise or there was none', async () => {
    const side = await open(
      carFixture({
        price: 24990,
        price_history: [
          { date: '2026-10-20', price: 23990 },
          { date: '2026-11-12', price: 24990 },
        ],
      }),
    )
    expect(side.queryByTestId('price-drop')).toBeNull()
    cleanup()
    await open(carFixture({ price: 24990, price_history: [{ date: '2026-10-20', price: 24990 }] }))
    expect(screen.queryByTestId('price-drop')).toBeNull()
    expect(screen.queryByRole('heading', { name: 'Price history' })).toBeNull()
  })

  it("says what the price includes in words beside it", async () => {
    const side = await open(
      carFixture({ price: 52990, price_type: 'EGC', price_display: { kind: 'price', text: '$52,990', was: null, suffix: '', price_type: 'Excl. Government Charges' } }),
    )
    expect(within(side.getByTestId('price-block')).getByTestId('price-type')).toHaveTextContent('Excl. Government Charges')
  })

  // A weekly subscription price never passes for the price or a repayment.
  it('labels a subscription price and shows the cash price beside it', async () => {
    const side = await open(
      carFixture({
        price: 72990,
        subscription_price: 365,
        price_display: { kind: 'subscription', text: '$365', was: null, suffix: '/wk', label: 'Subscription', cash: '$72,990' },
      }),
    )
    const block = within(side.getByTestId('price-block'))
    expect(block.getByText('Subscription')).toBeInTheDocument()
    expect(block.getByText('$72,990').closest('p')).toHaveTextContent('Cash price $72,990')
  })

  // docs/behaviour/states.md#price-display "a weekly repayment of 25 or less shows 'Enquire for Finance'",
  // in every frequency: a $51 month that is $12 a week.
  it('reads Enquire for Finance on the estimate and the weekly chip for a monthly estimate under $25 a week', async () => {
    // The chip reads the estimate's own weekly figure, so it needs no card payment.
    const side = await open(carFixture({ make: 'Nissan', model: 'Juke', weekly_payment: null, finance_estimate: nissanEstimate }), site({ weekly_finance_chip: true }))
    expect(side.getAllByText('Enquire for Finance')).toHaveLength(2)
    expect(side.queryByText('$51')).toBeNull()
    expect(side.queryByText(/\/wk\*/)).toBeNull()
  })

  // docs/behaviour/states.md#car-tag-3 and docs/behaviour/states.md#car-tags: the certified logo and the configured make's certified badge.
  it('shows the certified logo for the configured luxury make', async () => {
    const side = await open(carFixture({ make: 'Mercedes-Benz', model: 'GLC', certified: true, certified_badge: true }))
    expect(side.getByRole('img', { name: 'Certified used Mercedes-Benz' })).toBeInTheDocument()
  })

  // docs/behaviour/states.md#favourites-compare "In one tenant variant they are also hidden if ... price is 0 or less".
  it('hides the favourite button on the strict site for a car priced 0', async () => {
    const side = await open(carFixture({ price: 0 }), site({ favourites: true, strict_save_controls: true }))
    expect(side.queryByRole('button', { name: /^Favourite/ })).toBeNull()
  })

  // docs/behaviour/calls.md POST /api/youx/quote "Fires only when a feature flag is on, no
  // quote exists yet and price is above 0": the weekly chip's setting plays no part.
  it('asks for the quote on a car without an estimate and shows it', async () => {
    const side = await open(carFixture({ make: 'Suzuki', model: 'Vitara', price: 24990, finance_estimate: null }), site({ youx_quote: true, weekly_finance_chip: false }))
    expect(await side.findByText('$144')).toBeInTheDocument()
    expect(side.getByText(/8.49% p.a. advertised rate/)).toBeInTheDocument()
    const quote = calls.filter((c) => c.path === '/api/youx/quote')
    expect(quote).toHaveLength(1)
    expect(JSON.parse(String(quote[0]!.init?.body))).toMatchObject({ selfAssessedCreditScore: 'GREAT', purchasePrice: 24990, loanTerm: 5 })
  })
})
