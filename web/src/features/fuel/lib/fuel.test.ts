// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { consumptionOf, fuelCost, isElectric, parseDistance, parseFuelPrice } from './fuel'

describe('fuel maths (docs/behaviour/validation.md and docs/behaviour/constants.md, Fuel calculator)', () => {
  it.each([
    ['1.70', 1.7],
    ['$1.70', 1.7],
    ['$ 2.05', 2.05],
    ['$1,234.5', 1234.5],
    ['0', 0],
    ['', null],
    ['abc', null],
    ['1.7.0', null],
    ['-1.70', null],
    ['1e3', null],
    ['Infinity', null],
  ])('price %j → %j', (text, want) => {
    expect(parseFuelPrice(text)).toBe(want)
  })

  it.each([
    ['250 kms', 250],
    ['250kms', 250],
    ['1,250 kms', 1250],
    ['250 km', 250],
    ['250', 250],
    ['12.5 kms', 12.5],
    ['kms', null],
    ['far', null],
    ['-5 kms', null],
  ])('distance %j → %j', (text, want) => {
    expect(parseDistance(text)).toBe(want)
  })

  it('cost = distance/100 × L/100km × price', () => {
    // 250 km at 10 L/100km and $1.70 is 25 L × 1.70 = $42.50.
    expect(fuelCost(250, 10, 1.7)).toBeCloseTo(42.5, 10)
    expect(fuelCost(100, 6.5, 2)).toBeCloseTo(13, 10)
    expect(fuelCost(0, 8, 2)).toBe(0)
  })

  it('falls back to 10 L/100km when the consumption is unknown', () => {
    expect(consumptionOf({})).toBe(10)
    expect(consumptionOf({ variant: null })).toBe(10)
    expect(consumptionOf({ variant: { fuelconsumptioncombined: 0 } })).toBe(10)
    expect(consumptionOf({ variant: { fuelconsumptioncombined: 6.2 } })).toBe(6.2)
  })

  it('knows electric cars', () => {
    expect(isElectric({ simple_fuel: 'Electric' })).toBe(true)
    expect(isElectric({ simple_fuel: 'Hybrid' })).toBe(false)
    expect(isElectric({ simple_fuel: 'Petrol' })).toBe(false)
  })
})
