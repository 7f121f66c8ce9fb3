// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { DateTimeFormat, NumberFormat } from './intl'

// The server renderer's Intl must write what the browser's writes, or a
// page would change as the browser takes it over. Node's Intl is the
// browser's (the same ICU data).
;(globalThis as Record<string, unknown>).__goZoned = (ms: number, timeZone: string) => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    weekday: 'short',
    hourCycle: 'h23',
  }).formatToParts(ms)
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? ''
  const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
  return [+get('year'), +get('month'), +get('day'), +get('hour') % 24, +get('minute'), +get('second'), days.indexOf(get('weekday'))]
}

const numberCases: [number, Intl.NumberFormatOptions | undefined][] = [
  [0, undefined],
  [1234, undefined],
  [1234567.891, undefined],
  [-45210, undefined],
  [33990, { style: 'currency', currency: 'AUD', maximumFractionDigits: 0 }],
  [-1500, { style: 'currency', currency: 'AUD', maximumFractionDigits: 0 }],
  [12.345, { style: 'currency', currency: 'AUD', minimumFractionDigits: 2 }],
  [1.005, { maximumFractionDigits: 2 }],
  [2.5, { maximumFractionDigits: 0 }],
  [-2.5, { maximumFractionDigits: 0 }],
  [7.25, { maximumFractionDigits: 1 }],
  [0.000001, { maximumFractionDigits: 2 }],
  [1e21, { maximumFractionDigits: 0 }],
  [999.995, { maximumFractionDigits: 2 }],
  [170, { maximumFractionDigits: 0 }],
]

describe('the server renderer Intl', () => {
  it.each(numberCases)('formats %s as the browser does (%o)', (n, opts) => {
    expect(new NumberFormat('en-AU', opts as never).format(n)).toBe(new Intl.NumberFormat('en-AU', opts).format(n))
  })

  const instants = [Date.UTC(2026, 10, 24, 20, 5, 9), Date.UTC(2026, 0, 1, 0, 0, 0), Date.UTC(2026, 8, 30, 13, 45, 0), Date.UTC(2026, 5, 15, 23, 59, 59)]
  const dateCases: [string, Intl.DateTimeFormatOptions][] = [
    ['en-AU', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Australia/Brisbane' }],
    ['en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }],
    ['en-AU', { timeZone: 'Pacific/Auckland' }],
    ['en-CA', { timeZone: 'Australia/Sydney', year: 'numeric', month: '2-digit', day: '2-digit' }],
    ['en-AU', { day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23', timeZone: 'Australia/Brisbane' }],
  ]
  it.each(dateCases)('formats dates in %s as the browser does (%o)', (locale, opts) => {
    for (const t of instants) {
      expect(new DateTimeFormat(locale, opts as never).format(t)).toBe(new Intl.DateTimeFormat(locale, opts).format(t))
    }
  })

  it('writes opening times as the locations page shows them', () => {
    const opts = { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: 'Australia/Perth' } as const
    const norm = (s: string) => s.replace(/\s+/g, ' ').toLowerCase()
    for (const t of instants) {
      expect(norm(new DateTimeFormat('en-AU', opts).format(t))).toBe(norm(new Intl.DateTimeFormat('en-AU', opts).format(t)))
    }
  })
})
