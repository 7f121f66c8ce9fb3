// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { carFixture } from '@/testing/car-fixture'
import { siteFixture } from '@/testing/site-fixture'
import { checkoutEligibility, reserveDeposit } from './checkout'

const plain = siteFixture()
const strict = siteFixture({ vehicle_page: { ...plain.vehicle_page, strict_reserve: true } })

// docs/behaviour/states.md#availability: reserve only an available car that is not
// test-drive-only; with the stricter rule also in stock, not reserved and
// priced above 200.
describe('checkout eligibility', () => {
  it.each([
    ['an available car', {}, plain, true, undefined],
    ['a sold car', { status: 'sold', available: false }, plain, false, 'sold'],
    ['a test-drive-only car', { custom_tag: 'Test Drive Only' }, plain, false, 'test-drive-only'],
    ['a reserved car', { reserved: true }, plain, false, 'reserved'],
    ['coming soon, no strict rule', { status: 'coming_soon' }, plain, true, undefined],
    ['coming soon, strict rule', { status: 'coming_soon' }, strict, false, 'not-in-stock'],
    ['price 200, strict rule', { price: 200 }, strict, false, 'price'],
    ['price 201, strict rule', { price: 201 }, strict, true, undefined],
    ['price 200, no strict rule', { price: 200 }, plain, true, undefined],
  ] as const)('%s', (_, car, site, eligible, reason) => {
    const got = checkoutEligibility(carFixture(car as Parameters<typeof carFixture>[0]), site)
    expect(got.eligible).toBe(eligible)
    if (!got.eligible) {
      expect(got.reason).toBe(reason)
      expect(got.message).not.toBe('')
    }
  })
})

describe('reserve deposit', () => {
  it('is $200 unless the site words it (docs/behaviour/constants.md)', () => {
    expect(reserveDeposit(siteFixture())).toBe('$200')
    expect(reserveDeposit(siteFixture({ wording: { ...plain.wording, reserve_deposit: '  ' } }))).toBe('$200')
    expect(reserveDeposit(siteFixture({ wording: { ...plain.wording, reserve_deposit: '$500' } }))).toBe('$500')
  })
})
