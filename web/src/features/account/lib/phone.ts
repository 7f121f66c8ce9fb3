// A mobile number of the site's country (the server checks it the same way).
// AU: 04xx xxx xxx or +61 4xx xxx xxx; NZ: 02x mobiles or +64 2x…
export function isMobileNumber(value: string, country: string): boolean {
  const v = value.replace(/[\s\-().]/g, '')
  if (country === 'NZ') return /^02\d{7,9}$/.test(v) || /^\+?642\d{7,9}$/.test(v)
  return /^04\d{8}$/.test(v) || /^\+?614\d{8}$/.test(v)
}

export const phoneMessage = 'Please enter a valid mobile number.'

export function mobileExample(country: string): string {
  return country === 'NZ' ? '021 123 4567' : '0412 345 678'
}

// maskedPhone shows only the last three digits of a signed-in number.
export function maskedPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  return digits.length > 3 ? `•••• ${digits.slice(-3)}` : phone
}
