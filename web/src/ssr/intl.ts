// A small Intl for the server renderer, for the formats the pages use
// (en-AU numbers, currency and dates; en-CA's ISO-like date). Its output
// must equal the browser's, or the page would change as it is taken over;
// ssr/intl.test.ts checks it against the browser's own Intl.
declare const __goZoned: (ms: number, timeZone: string) => number[]

type NumberOptions = {
  style?: 'decimal' | 'currency' | 'percent'
  currency?: string
  minimumFractionDigits?: number
  maximumFractionDigits?: number
  useGrouping?: boolean
}

// roundDecimal rounds the shortest decimal form of n to `digits` places,
// halves away from zero (the browser's default rounding mode).
function roundDecimal(n: number, digits: number): { int: string; frac: string } {
  const [mant = '0', expPart] = Math.abs(n).toString().split('e')
  const exp = Number(expPart ?? 0)
  let [ip = '0', fp = ''] = mant.split('.')
  // Shift the point by the exponent.
  if (exp > 0) {
    fp = fp.padEnd(exp, '0')
    ip = (ip + fp.slice(0, exp)).replace(/^0+(?=\d)/, '')
    fp = fp.slice(exp)
  } else if (exp < 0) {
    ip = ip.padStart(-exp + 1, '0')
    fp = ip.slice(ip.length + exp) + fp
    ip = ip.slice(0, ip.length + exp)
  }
  if (fp.length <= digits) return { int: ip, frac: fp }
  const up = fp.charCodeAt(digits) - 48 >= 5
  let digitsStr = ip + fp.slice(0, digits)
  if (up) {
    const arr = digitsStr.split('').map(Number)
    let i = arr.length - 1
    for (; i >= 0; i--) {
      if (arr[i]! < 9) {
        arr[i]!++
        break
      }
      arr[i] = 0
    }
    digitsStr = (i < 0 ? '1' : '') + arr.join('')
  }
  const cut = digitsStr.length - digits
  return { int: digitsStr.slice(0, cut) || '0', frac: digitsStr.slice(cut) }
}

const currencySymbols: Record<string, string> = { AUD: '$', NZD: '$', USD: 'US$' }

class NumberFormat {
  private o: Required<Omit<NumberOptions, 'currency'>> & { currency: string }
  constructor(_locale?: string | string[], opts: NumberOptions = {}) {
    const style = opts.style ?? 'decimal'
    const defMin = style === 'currency' ? 2 : 0
    const defMax = style === 'currency' ? 2 : style === 'percent' ? 0 : 3
    let min = opts.minimumFractionDigits
    let max = opts.maximumFractionDigits
    if (min === undefined && max === undefined) [min, max] = [defMin, defMax]
    else if (min === undefined) min = Math.min(defMin, max!)
    else if (max === undefined) max = Math.max(defMax, min)
    if (min > max!) throw new RangeError('maximumFractionDigits is out of range')
    this.o = { style, currency: opts.currency ?? '', minimumFractionDigits: min, maximumFractionDigits: max!, useGrouping: opts.useGrouping ?? true }
  }
  format(value: number | bigint | string): string {
    let n = Number(value)
    if (Number.isNaN(n)) return 'NaN'
    if (this.o.style === 'percent') n *= 100
    if (!Number.isFinite(n)) return (n < 0 ? '-' : '') + '∞'
    const { int, frac: raw } = roundDecimal(n, this.o.maximumFractionDigits)
    let frac = raw.replace(/0+$/, '')
    if (frac.length < this.o.minimumFractionDigits) frac = frac.padEnd(this.o.minimumFractionDigits, '0')
    const grouped = this.o.useGrouping ? int.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : int
    const negative = n < 0 && /[1-9]/.test(int + frac)
    let body = grouped + (frac ? '.' + frac : '')
    if (this.o.style === 'currency') body = (currencySymbols[this.o.currency] ?? this.o.currency + ' ') + body
    if (this.o.style === 'percent') body += '%'
    return (negative ? '-' : '') + body
  }
  formatToParts(value: number) {
    return [{ type: 'literal', value: this.format(value) }]
  }
  resolvedOptions() {
    return { locale: 'en-AU', numberingSystem: 'latn', ...this.o }
  }
}

type DateOptions = {
  timeZone?: string
  year?: 'numeric' | '2-digit'
  month?: 'numeric' | '2-digit' | 'short' | 'long'
  day?: 'numeric' | '2-digit'
  weekday?: 'short' | 'long'
  hour?: 'numeric' | '2-digit'
  minute?: 'numeric' | '2-digit'
  second?: 'numeric' | '2-digit'
  hour12?: boolean
  hourCycle?: 'h11' | 'h12' | 'h23' | 'h24'
}

const monthsLong = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
const monthsShort = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'June', 'July', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec']
const daysLong = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const daysShort = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const pad2 = (n: number) => String(n).padStart(2, '0')

type Part = { type: string; value: string }

class DateTimeFormat {
  private locale: string
  private o: DateOptions
  constructor(locale?: string | string[], opts: DateOptions = {}) {
    this.locale = (Array.isArray(locale) ? locale[0] : locale) ?? 'en-AU'
    const o = { ...opts }
    if (!o.year && !o.month && !o.day && !o.weekday && !o.hour && !o.minute && !o.second) {
      o.year = 'numeric'
      o.month = 'numeric'
      o.day = 'numeric'
    }
    if (o.timeZone) __goZoned(0, o.timeZone) // an unknown zone throws, as in the browser
    this.o = o
  }
  formatToParts(date?: Date | number): Part[] {
    const ms = date === undefined ? Date.now() : Number(date)
    if (Number.isNaN(ms)) throw new RangeError('Invalid time value')
    const [y = 0, mo = 1, d = 1, h = 0, mi = 0, s = 0, wd = 0] = __goZoned(ms, this.o.timeZone ?? 'UTC')
    const o = this.o
    const parts: Part[] = []
    const lit = (value: string) => parts.push({ type: 'literal', value })
    const num = (v: number, style?: string) => (style === '2-digit' ? pad2(v % 100) : String(v))
    const hasDate = o.year || o.month || o.day
    if (o.weekday) {
      parts.push({ type: 'weekday', value: (o.weekday === 'long' ? daysLong : daysShort)[wd]! })
      if (hasDate) lit(', ')
    }
    if (hasDate) {
      const textMonth = o.month === 'short' || o.month === 'long'
      if (this.locale === 'en-CA' && !textMonth) {
        const seq: Part[] = []
        if (o.year) seq.push({ type: 'year', value: num(y, o.year) })
        if (o.month) seq.push({ type: 'month', value: num(mo, o.month) })
        if (o.day) seq.push({ type: 'day', value: num(d, o.day) })
        seq.forEach((p, i) => (i > 0 && lit('-'), parts.push(p)))
      } else if (textMonth) {
        const m = (o.month === 'long' ? monthsLong : monthsShort)[mo - 1]!
        const seq: Part[] = []
        if (o.day) seq.push({ type: 'day', value: num(d, o.day) })
        seq.push({ type: 'month', value: m })
        if (o.year) seq.push({ type: 'year', value: num(y, o.year) })
        seq.forEach((p, i) => (i > 0 && lit(' '), parts.push(p)))
      } else {
        const seq: Part[] = []
        if (o.day) seq.push({ type: 'day', value: o.day === '2-digit' || (o.month && o.year) ? pad2(d) : String(d) })
        if (o.month) seq.push({ type: 'month', value: o.month === '2-digit' || (o.day && o.year) ? pad2(mo) : String(mo) })
        if (o.year) seq.push({ type: 'year', value: num(y, o.year) })
        seq.forEach((p, i) => (i > 0 && lit('/'), parts.push(p)))
      }
    }
    const hasTime = o.hour || o.minute || o.second
    if (hasTime) {
      if (hasDate || o.weekday) lit(', ')
      const cycle = o.hourCycle ?? (o.hour12 === false ? 'h23' : 'h12')
      const twelve = cycle === 'h12' || cycle === 'h11'
      const hh = twelve ? h % 12 || (cycle === 'h11' ? 0 : 12) : h
      const seq: Part[] = []
      if (o.hour) seq.push({ type: 'hour', value: o.hour === '2-digit' || !twelve ? pad2(hh) : String(hh) })
      if (o.minute) seq.push({ type: 'minute', value: pad2(mi) })
      if (o.second) seq.push({ type: 'second', value: pad2(s) })
      seq.forEach((p, i) => (i > 0 && lit(':'), parts.push(p)))
      if (twelve && o.hour) {
        lit('\u202f')
        parts.push({ type: 'dayPeriod', value: h < 12 ? 'am' : 'pm' })
      }
    }
    return parts
  }
  format(date?: Date | number): string {
    return this.formatToParts(date)
      .map((p) => p.value)
      .join('')
  }
  resolvedOptions() {
    return { locale: this.locale, calendar: 'gregory', numberingSystem: 'latn', timeZone: this.o.timeZone ?? 'UTC', ...this.o }
  }
}

const g = globalThis as Record<string, unknown>
if (typeof g.Intl === 'undefined') {
  g.Intl = { NumberFormat, DateTimeFormat }
  // eslint-disable-next-line no-extend-native
  Number.prototype.toLocaleString = function (this: number, locale?: string, opts?: NumberOptions) {
    return new NumberFormat(locale, opts).format(Number(this))
  }
  Date.prototype.toLocaleDateString = function (this: Date, locale?: string, opts?: DateOptions) {
    return new DateTimeFormat(locale, opts).format(this)
  }
}

export { NumberFormat, DateTimeFormat }
