import { describe, expect, it } from 'vitest'
import { formatPhone, phoneHref } from './phone'

describe('formatPhone', () => {
  // SPEC.md section 5, Phone display: "A leading +61 becomes 0, 10 digits
  // are grouped 2-4-4, brackets are removed." Same vectors as the Go test.
  it.each([
    ['+61 7 3555 0101', '07 3555 0101'], // +61 becomes 0
    ['+61735550101', '07 3555 0101'], // +61 becomes 0, then 2-4-4
    ['(07) 3555 0101', '07 3555 0101'], // brackets removed
    ['0735550101', '07 3555 0101'], // 10 digits grouped 2-4-4
    ['07 5550 1100', '07 5550 1100'], // already formatted
    ['  0412345678 ', '04 1234 5678'], // mobile, trimmed
    ['1300 555 010', '1300 555 010'], // local-rate numbers read 4-3-3
    ['1800555010', '1800 555 010'],
    ['+64 3 555 0199', '+64 3 555 0199'], // other countries kept as given
    ['131 555', '131 555'], // not 10 digits: spacing kept
    ['', ''],
  ])('formatPhone(%j) = %j', (input, want) => {
    expect(formatPhone(input)).toBe(want)
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
