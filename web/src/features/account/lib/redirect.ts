// docs/behaviour/screens.md: /sign-in?type={purpose}&redirect={target}&back={return}.
// Purposes seen on the sign-in route; each changes its heading and intro.
export const purposes = ['watchlist', 'trade-in', 'checkout', 'finance', 'spin-to-win', 'online-payment', 'car-finance', 'my-garage'] as const
export type Purpose = (typeof purposes)[number]

export function isPurpose(v: string | null | undefined): v is Purpose {
  return !!v && (purposes as readonly string[]).includes(v)
}

// sameSitePath is target when it is a path on this site: it starts with one
// "/" that is not followed by another "/" or a "\" (a browser reads both as
// another host), and has no control characters. Anything else, a full URL
// with a scheme included, gives null: a foreign redirect is never followed.
export function sameSitePath(target: string | null | undefined): string | null {
  if (!target) return null
  if (!target.startsWith('/')) return null
  if (target.startsWith('//') || target.startsWith('/\\')) return null
  // Browsers drop tabs and newlines inside URLs, so "/\t/evil" is "//evil".
  if (/[\u0000-\u001f\u007f]/.test(target)) return null
  try {
    const u = new URL(target, 'http://site.invalid')
    if (u.host !== 'site.invalid') return null
  } catch {
    return null
  }
  return target
}

// signInHref is the sign-in page for a purpose, returning to redirect after
// it and offering back as the way out.
export function signInHref(purpose: Purpose, redirect: string, back?: string): string {
  const q = new URLSearchParams({ type: purpose, redirect })
  if (back) q.set('back', back)
  return `/sign-in?${q.toString()}`
}

// The words of the sign-in page for each purpose.
export const purposeText: Record<Purpose, { heading: string; intro: string }> = {
  watchlist: { heading: 'Sign in to save this car', intro: 'Sign in with your mobile number to keep cars on your watchlist and come back to them on any device.' },
  'trade-in': { heading: 'Sign in to value your trade-in', intro: 'Sign in with your mobile number to continue with your trade-in.' },
  checkout: { heading: 'Sign in to reserve your car', intro: 'Sign in with your mobile number so we know who is reserving this car.' },
  finance: { heading: 'Sign in to apply for finance', intro: 'Sign in with your mobile number to continue with your finance application.' },
  'spin-to-win': { heading: 'Sign in to Spin to Win', intro: 'Sign in with your mobile number to enter our prize draw.' },
  'online-payment': { heading: 'Sign in to pay online', intro: 'Sign in with your mobile number to see how to pay a deposit or an invoice.' },
  'car-finance': { heading: 'Sign in for car finance', intro: 'Sign in with your mobile number to continue with finance for this car.' },
  'my-garage': { heading: 'Sign in to My Garage', intro: 'Sign in with your mobile number to see your watchlist, saved searches and enquiries.' },
}

export const defaultText = { heading: 'Sign In', intro: 'Sign in with your mobile number. We will text you a 6-digit code.' }
