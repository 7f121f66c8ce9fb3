// @vitest-environment node
import { describe, expect, it } from 'vitest'
import raw from '../../../internal/catalog/testdata/phone-vectors.json?raw'
import { isValidPhone } from './lead-rules'
import { formatPhone, phoneHref } from './phone'

// The shared vectors: the same file the Go package checks
// (internal/catalog), so the server's and the app's phone display cannot
// drift. Each case's expected string is written in the file, by hand.
interface PhoneVectors {
  display: { name: string; phone: string; want: string }[]
  valid: { country: string; phone: string; want: boolean; why?: string }[]
}
const vectors = JSON.parse(raw) as PhoneVectors

describe('formatPhone', () => {
  // docs/behaviour/validation.md#phone-display: "A leading +61 becomes 0, 10 digits
  // are grouped 2-4-4, brackets are removed."
  it('has cases for every part of the rule', () => {
    const names = vectors.display.map((c) => c.name).join('; ')
    for (const part of ['+61 becomes 0', 'brackets removed', '2-4-4', '4-3-3', 'other countries']) expect(names).toContain(part)
  })

  it.each(vectors.display.map((c) => [c.name, c] as const))('%s', (_, c) => {
    expect(formatPhone(c.phone)).toBe(c.want)
  })
})

// A lead's phone must be a number the dealer can call back in the site's
// country: the same answers as the server's check (internal/catalog ValidPhone).
describe('isValidPhone', () => {
  it('has numbers of both countries, callable and not', () => {
    for (const country of ['AU', 'NZ']) {
      const mine = vectors.valid.filter((c) => c.country === country)
      expect(new Set(mine.map((c) => c.want))).toEqual(new Set([true, false]))
    }
  })

  it.each(vectors.valid.map((c) => [c.country, c.phone, c] as const))('on a %s site, %j', (_, __, c) => {
    expect(isValidPhone(c.phone, c.country)).toBe(c.want)
  })
})

describe('phoneHref', () => {
  it.each([
    ['07 5550 1100', 'tel:0755501100'],
    ['+64 3 555 0199', 'tel:+6435550199'],
    ['(07) 3555 0101', 'tel:0735550101'],
  ])('phoneHref(%j) = %j', (input, want) => {
    expect(phoneHref(input)).toBe(want)
  })
})
