// Kilometres input (docs/behaviour/validation.md, Money input: "Kilometres input:
// thousand separators, ' kms' suffix, quick picks").

export const KM_QUICK_PICKS = [10_000, 30_000, 50_000, 80_000, 100_000, 150_000] as const
export const KM_MAX = 2_000_000

const grouped = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 0 })

// formatKm shows a whole number of km with separators and the suffix.
export function formatKm(km: number): string {
  return `${grouped.format(km)} kms`
}

export type KmParse = { km: number; error?: undefined } | { km?: undefined; error: string }

export const kmMessages = {
  required: 'Please enter the kilometres.',
  number: 'Please enter the kilometres as a whole number, e.g. 45,000.',
  negative: "Kilometres can't be negative.",
  tooHigh: 'Kilometres must be less than 2,000,000.',
} as const

// parseKm reads what the buyer typed: digits, separators, spaces and an
// optional 'km' or 'kms'. It mirrors the server's rule.
export function parseKm(text: string): KmParse {
  const s = text.trim().toLowerCase().replace(/kms?$/, '').replace(/[,\s]/g, '')
  if (s === '') return { error: kmMessages.required }
  if (/^-\d+$/.test(s) && /[1-9]/.test(s)) return { error: kmMessages.negative }
  if (!/^-?\d+$/.test(s)) return { error: kmMessages.number }
  const digits = s.replace(/^-/, '').replace(/^0+(?=\d)/, '')
  if (digits.length > 7 || Number(digits) >= KM_MAX) return { error: kmMessages.tooHigh }
  return { km: Number(digits) }
}

// reformatKm tidies the input as the buyer types: digits regrouped, the
// suffix kept off while typing (added on blur).
export function reformatKmTyping(text: string): string {
  const digits = text.replace(/[^\d]/g, '').replace(/^0+(?=\d)/, '').slice(0, 9)
  return digits === '' ? '' : grouped.format(Number(digits))
}
