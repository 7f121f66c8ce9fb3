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

// nationalMobile writes a signed-in number (E.164, as the server keeps it)
// the way a buyer types it: +61412345678 → 0412 345 678, +64211234567 →
// 021 123 4567. Anything else comes back as it is.
export function nationalMobile(phone: string, country: string): string {
  const prefix = country === 'NZ' ? '+64' : '+61'
  if (!phone.startsWith(prefix)) return phone
  const n = '0' + phone.slice(prefix.length)
  if (!/^0\d+$/.test(n)) return phone
  return country === 'NZ' ? `${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}` : `${n.slice(0, 4)} ${n.slice(4, 7)} ${n.slice(7)}`
}
