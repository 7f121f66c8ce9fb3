// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { hitFixture } from '@/testing/hit-fixture'
import { compareColumns, compareHref, compareRows, parseCompareIds, rowDiffers } from './compare'

const row = (key: string) => compareRows.find((r) => r.key === key)!

describe('compare link', () => {
  it('reads positive ids once each, in order, at most 4', () => {
    expect(parseCompareIds('3,1,2')).toEqual([3, 1, 2])
    expect(parseCompareIds(' 7 , 7, x, -2, 0, 1.5, 9')).toEqual([7, 9])
    expect(parseCompareIds('1,2,3,4,5,6')).toEqual([1, 2, 3, 4])
    expect(parseCompareIds(null)).toEqual([])
    expect(parseCompareIds('')).toEqual([])
  })

  it('writes the ids back into a shareable link', () => {
    expect(compareHref([3, 1, 2])).toBe('/compare?ids=3,1,2')
    expect(compareHref([])).toBe('/compare')
  })
})

describe('compare rows', () => {
  it('a row differs when the cars shown for sale do not all agree', () => {
    const a = hitFixture({ id: 1, km: 1000, seats: 5, simple_fuel: 'Petrol' })
    const b = hitFixture({ id: 2, km: 2000, seats: 5, simple_fuel: 'Petrol' })
    expect(rowDiffers(row('km'), [a, b])).toBe(true)
    expect(rowDiffers(row('seats'), [a, b])).toBe(false)
    expect(rowDiffers(row('fuel'), [a, b])).toBe(false)
    // One car alone differs from nothing.
    expect(rowDiffers(row('km'), [a])).toBe(false)
  })

  it('features differ by their set, not their order', () => {
    const a = hitFixture({ id: 1, standardEquipment: ['Bluetooth', 'Cruise Control'] })
    const b = hitFixture({ id: 2, standardEquipment: ['Cruise Control', 'Bluetooth'] })
    const c = hitFixture({ id: 3, standardEquipment: ['Bluetooth'] })
    expect(rowDiffers(row('features'), [a, b])).toBe(false)
    expect(rowDiffers(row('features'), [a, b, c])).toBe(true)
  })

  it('shows the values as the page does', () => {
    const car = hitFixture({ km: 45210, engine_size_litres: 2, engine_size: 1998, seats: 0, simple_body: '', body: 'Sedan' })
    expect(row('km').value(car)).toBe('45,210 km')
    expect(row('engine').value(car)).toBe('2.0 L')
    expect(row('seats').value(car)).toBe('—')
    expect(row('body').value(car)).toBe('Sedan')
    expect(row('price').value(car)).toBe(car.price_display.text)
    const subscribed = hitFixture({
      price_display: { kind: 'subscription', text: '$365', was: null, suffix: '/wk', label: 'Subscription', cash: '$72,990' },
    })
    expect(row('price').value(subscribed)).toBe('Subscription $365 /wk (cash price $72,990)')
    const driveAway = hitFixture({ price_display: { kind: 'price', text: '$52,990', was: null, suffix: '', price_type: 'Drive Away' } })
    expect(row('price').value(driveAway)).toBe('$52,990 Drive Away')
  })
})

describe('compare columns', () => {
  it('keeps the order asked; sold and unknown cars are no longer available', () => {
    const shown = hitFixture({ id: 1 })
    const sold = hitFixture({ id: 2, available: false, status: 'sold' })
    const cols = compareColumns([3, 2, 1], [shown, sold], new Map([[3, '2019 Mazda 3']]))
    expect(cols.map((c) => [c.id, c.kind])).toEqual([
      [3, 'gone'],
      [2, 'gone'],
      [1, 'car'],
    ])
    expect(cols[0]).toMatchObject({ name: '2019 Mazda 3' })
    expect(cols[1]).toMatchObject({ name: '2021 Toyota Corolla Ascent Sport' })
  })
})
