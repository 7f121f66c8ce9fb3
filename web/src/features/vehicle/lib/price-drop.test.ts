import { describe, expect, it } from 'vitest'
import { historyDay, priceDropText } from './price-drop'

describe('price drop text', () => {
  it('says the last drop, its amount and its day', () => {
    expect(
      priceDropText([
        { date: '2026-10-01', price: 24990 },
        { date: '2026-11-12', price: 23490 },
      ]),
    ).toBe('Price dropped $1,500 on 12 Nov')
    expect(
      priceDropText([
        { date: '2026-09-01', price: 26990 },
        { date: '2026-10-20', price: 25990 },
        { date: '2026-11-03', price: 23990 },
      ]),
    ).toBe('Price dropped $2,000 on 3 Nov')
  })

  it('says nothing without a drop last', () => {
    expect(priceDropText(undefined)).toBeNull()
    expect(priceDropText([])).toBeNull()
    expect(priceDropText([{ date: '2026-11-12', price: 23490 }])).toBeNull()
    // A rise after a drop.
    expect(
      priceDropText([
        { date: '2026-10-01', price: 24990 },
        { date: '2026-10-12', price: 23490 },
        { date: '2026-11-12', price: 23990 },
      ]),
    ).toBeNull()
    // To 'Enquire for price'.
    expect(
      priceDropText([
        { date: '2026-10-01', price: 24990 },
        { date: '2026-11-12', price: 0 },
      ]),
    ).toBeNull()
  })

  it('reads the day as the site gave it, in any time zone', () => {
    expect(historyDay('2026-01-01')).toBe('1 Jan')
    expect(historyDay('2026-12-31', true)).toBe('31 Dec 2026')
    expect(historyDay('not a date')).toBe('not a date')
  })
})
