// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { formatKm, kmMessages, parseKm, reformatKmTyping } from './km'

describe('kilometres input (docs/behaviour/validation.md: separators, " kms" suffix)', () => {
  it('formats with separators and suffix', () => {
    expect(formatKm(45000)).toBe('45,000 kms')
    expect(formatKm(0)).toBe('0 kms')
    expect(formatKm(1234567)).toBe('1,234,567 kms')
  })

  it.each([
    ['45,000 kms', 45000],
    ['45000', 45000],
    [' 45 000 km ', 45000],
    ['0', 0],
    ['007', 7],
  ])('reads %j as %d', (text, km) => {
    expect(parseKm(text)).toEqual({ km })
  })

  it.each([
    ['', kmMessages.required],
    ['kms', kmMessages.required],
    ['lots', kmMessages.number],
    ['12.5', kmMessages.number],
    ['-5', kmMessages.negative],
    ['2,000,000', kmMessages.tooHigh],
    ['9'.repeat(40), kmMessages.tooHigh],
  ])('rejects %j', (text, error) => {
    expect(parseKm(text)).toEqual({ error })
  })

  it('regroups while typing', () => {
    expect(reformatKmTyping('45000')).toBe('45,000')
    expect(reformatKmTyping('45,0001')).toBe('450,001')
    expect(reformatKmTyping('abc')).toBe('')
  })
})
