// Contact rules shared by every lead form; they mirror the server's checks so
// a visitor hears about a typo before the round trip, and the server stays
// the authority (its 422 field messages land on the same inputs).

// A practical address check: something@domain.tld, no spaces.
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/

// digitsOfPhone drops the spaces, dashes, dots and brackets people type.
export function digitsOfPhone(raw: string): string {
  return raw.trim().replace(/[\s\-().]/g, '')
}

// The server's phone plans (internal/catalog ValidPhone): a number is
// checked after spaces, dashes, dots and brackets are removed; +61 and +64
// numbers against that country's plan whatever the site's country, any other
// country code refused, and a national number against the site's country.
const auPhone = /^(0[2378]\d{8}|0[45]\d{8}|1[38]00\d{6}|13\d{4})$/
const nzPhone = /^(02\d{7,9}|0[34679]\d{7}|0(800|508)\d{6,7})$/

function nationalZero(rest: string): string {
  return '0' + rest.replace(/^0/, '')
}

export function isValidPhone(raw: string, country = 'AU'): boolean {
  const p = raw.trim().replace(/[\s\-.()\u00a0]/g, '')
  if (p.startsWith('+61')) return auPhone.test(nationalZero(p.slice(3)))
  if (p.startsWith('+64')) return nzPhone.test(nationalZero(p.slice(3)))
  if (p.startsWith('+')) return false
  return country === 'NZ' ? nzPhone.test(p) : auPhone.test(p)
}

export const postcodePattern = /^\d{4}$/

// The server's rego shape: letters and numbers, spaces or dashes inside.
export const regoPattern = /^[A-Za-z0-9][A-Za-z0-9 -]{0,11}$/
