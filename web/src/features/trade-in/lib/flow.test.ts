// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { leadRequestSchema } from '@/lib/lead-schema'
import type { TradeInValuation } from '../api/trade-in'
import { formatPrice, offerAcceptedLead, valuationLead, type LeadContext } from './flow'

const valuation: TradeInValuation = {
  car: { make: 'Toyota', model: 'Corolla', year: 2022, km: 50000 },
  estimate: true,
  message: 'Your 2022 Toyota Corolla is worth an estimated $18,400 to $21,100 as a trade-in.',
  low: 18400,
  high: 21100,
  comparables: 12,
  condition_factor: 1,
  adjustmentAnswers: { keys: 'two' },
}

const context = (currency: string): LeadContext => ({
  contact: { name: 'Jo', last_name: '', email: 'jo@example.com', phone: '021 123 4567', postcode: '', dealership_slug: '', terms: false },
  car: { mode: 'make', rego: '', regoState: '', make: 'Toyota', model: 'Corolla', year: '2022', badge: '' },
  valuation,
  questions: [{ id: 'keys', label: 'How many keys do you have?', options: [{ id: 'two', label: 'Two or more' }] }],
  answers: { keys: 'two' },
  currency,
  url: 'https://x.test/trade-in',
  userAgent: 'UA/1',
})

describe('trade-in prices in the site currency', () => {
  // The site config names the currency; prices read as whole dollars with
  // the narrow symbol on an Australian or a New Zealand site alike.
  it.each([
    ['AUD', '$18,400'],
    ['NZD', '$18,400'],
    ['GBP', '£18,400'],
  ])('%s: %s', (currency, want) => {
    expect(formatPrice(18400, currency)).toBe(want)
  })

  it("words the dealer's summary in the site's currency", () => {
    expect(valuationLead(context('GBP')).message).toContain('Instant price offered: £18,400 to £21,100.')
    expect(valuationLead(context('NZD')).message).toContain('Instant price offered: $18,400 to $21,100.')
  })
})

describe('trade-in leads', () => {
  // The valuation and offer leads are LeadRequests the shared lead rules
  // pass (lib/lead-schema), on a New Zealand site here.
  it('are lead requests the shared rules pass', () => {
    const first = valuationLead(context('NZD'))
    expect(first).toMatchObject({ category: 'trade_in', subcategory: '2. Valuation Provided', offer_accepted: false })
    expect(leadRequestSchema('NZ').safeParse(first).success).toBe(true)
    const accepted = offerAcceptedLead(first, 'lead-1')
    expect(accepted).toMatchObject({ subcategory: '3. Offer Accepted', offer_accepted: true, form_completed: true, lead_id: 'lead-1' })
    expect(leadRequestSchema('NZ').safeParse(accepted).success).toBe(true)
  })
})
