// docs/behaviour/entities.md#local-records: stored user details (name, last_name,
// email, phone, postcode) prefill the next form. They are saved only when
// name, email and phone are all present
// (docs/behaviour/validation.md#stored-user-details).
export type UserDetails = {
  name: string
  last_name: string
  email: string
  phone: string
  postcode: string
}

export const userDetailsKey = 'forecourt:user-details'

const empty: UserDetails = { name: '', last_name: '', email: '', phone: '', postcode: '' }

function str(v: unknown): string {
  return typeof v === 'string' ? v : ''
}

export function loadUserDetails(): UserDetails {
  try {
    const raw = window.localStorage.getItem(userDetailsKey)
    if (!raw) return { ...empty }
    const v: unknown = JSON.parse(raw)
    if (typeof v !== 'object' || v === null) return { ...empty }
    const o = v as Record<string, unknown>
    return {
      name: str(o.name),
      last_name: str(o.last_name),
      email: str(o.email),
      phone: str(o.phone),
      postcode: str(o.postcode),
    }
  } catch {
    return { ...empty }
  }
}

// saveUserDetails keeps the details and reports whether it did.
export function saveUserDetails(d: Partial<UserDetails>): boolean {
  const name = d.name?.trim() ?? ''
  const email = d.email?.trim() ?? ''
  const phone = d.phone?.trim() ?? ''
  if (!name || !email || !phone) return false
  const keep: UserDetails = {
    name,
    email,
    phone,
    // A form without these fields must not wipe what another form stored.
    last_name: d.last_name?.trim() || loadUserDetails().last_name,
    postcode: d.postcode?.trim() || loadUserDetails().postcode,
  }
  try {
    window.localStorage.setItem(userDetailsKey, JSON.stringify(keep))
    return true
  } catch {
    return false // private mode or full storage: the lead matters, not this
  }
}
