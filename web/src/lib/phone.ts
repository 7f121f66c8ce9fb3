// formatPhone shows a phone number as docs/behaviour/validation.md#phone-display
// asks: a leading +61 becomes 0, brackets are removed and 10 digits are
// grouped 2-4-4. 1300/1800 numbers read 4-3-3, as the Go side does
// (internal/catalog FormatPhone); anything else keeps its digits and spaces.
export function formatPhone(phone: string): string {
  let p = phone.trim().replace(/[()]/g, '')
  if (p.startsWith('+61')) {
    p = '0' + p.slice(3).trimStart()
  }
  const digits = p.replace(/\D/g, '')
  if (digits.length === 10 && !p.startsWith('+')) {
    if (digits.startsWith('1')) {
      return `${digits.slice(0, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`
    }
    return `${digits.slice(0, 2)} ${digits.slice(2, 6)} ${digits.slice(6)}`
  }
  return p.split(/\s+/).filter(Boolean).join(' ')
}

// phoneHref is the tel: link of a number: digits and a leading +.
export function phoneHref(phone: string): string {
  const p = phone.trim()
  return 'tel:' + (p.startsWith('+') ? '+' : '') + p.replace(/\D/g, '')
}
