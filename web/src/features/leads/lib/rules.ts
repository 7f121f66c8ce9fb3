// Contact rules shared by every lead form; they mirror the server's checks so
// a visitor hears about a typo before the round trip, and the server stays
// the authority (its 422 field messages land on the same inputs).

// A practical address check: something@domain.tld, no spaces.
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/

// digitsOfPhone drops the spaces, dashes, dots and brackets people type.
export function digitsOfPhone(raw: string): string {
  return raw.trim().replace(/[\s\-().]/g, '')
}

// Australian numbers: 0 or +61 then a 2, 3, 4, 7 or 8 area/mobile digit and
// 8 more digits; 13/1300/1800 service numbers. New Zealand: 0 or +64 then
// 8 to 10 digits (landlines, mobiles, 0800).
const auDomestic = /^(?:0[23478]\d{8}|1[38]00\d{6}|13\d{4})$/
const auInternational = /^\+?61[23478]\d{8}$/
const nzDomestic = /^0[2-9]\d{7,9}$/
const nzInternational = /^\+?64[2-9]\d{7,9}$/

// isValidPhone takes the site's country: its own numbers in local or
// international form, the other country's in international form (+61/+64)
// only, since a bare 0 number is read as local.
export function isValidPhone(raw: string, country = 'AU'): boolean {
  const d = digitsOfPhone(raw)
  if (auInternational.test(d) || nzInternational.test(d)) return true
  return country === 'NZ' ? nzDomestic.test(d) : auDomestic.test(d)
}

export const postcodePattern = /^\d{4}$/
