import type { components } from './api-types'

type Schemas = components['schemas']

// Site is the site's config as a page carries it (#site-config,
// docs/behaviour/http.md#page-config): GET /api/site with each location
// without its opening and holiday hours, which only the location cards show
// (LocationWithHours, from GET /api/locations).
export type Site = Omit<Schemas['Site'], 'locations'> & { locations: Location[] }
export type Link = Schemas['Link']
export type FooterGroup = Schemas['FooterGroup']
export type Banner = Schemas['Banner']
export type LocationWithHours = Schemas['Location']
export type Location = Omit<LocationWithHours, 'contact_detail'> & {
  contact_detail: Omit<LocationWithHours['contact_detail'], 'opening_hours' | 'special_hours'>
}
export type Dealership = Schemas['Dealership']
export type Car = Schemas['Car']
export type CarDetail = Schemas['CarDetail']
export type SearchResult = Schemas['SearchResult']
export type ErrorBody = Schemas['Error']
export type ErrorCode = ErrorBody['error']['code']
export type Suggestion = NonNullable<ErrorBody['error']['suggestions']>[number]

// ApiError is every failed API call: the server's code, message and, for
// bad input, a message per field. Network failures and non-JSON answers
// become code "internal" so callers handle one shape.
export class ApiError extends Error {
  readonly status: number
  readonly code: ErrorCode
  readonly fields: Record<string, string>
  // For a mistyped listing path: the listings it may have meant.
  readonly suggestions: Suggestion[]

  constructor(status: number, code: ErrorCode, message: string, fields: Record<string, string> = {}, suggestions: Suggestion[] = []) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.fields = fields
    this.suggestions = suggestions
  }
}

// Every code the API description names, checked against it: a code added
// there and not here fails the type check, so a server's code always
// reaches the buyer's screen as sent.
const known = {
  invalid: true,
  not_found: true,
  unauthorized: true,
  forbidden: true,
  conflict: true,
  rate_limited: true,
  unavailable: true,
  unsupported_media_type: true,
  internal: true,
} satisfies Record<ErrorCode, true>
const isCode = (c: unknown): c is ErrorCode => typeof c === 'string' && Object.hasOwn(known, c)

function isErrorBody(v: unknown): v is ErrorBody {
  if (typeof v !== 'object' || v === null || !('error' in v)) return false
  const e = (v as { error: unknown }).error
  return typeof e === 'object' && e !== null && typeof (e as { message?: unknown }).message === 'string'
}

function fallbackCode(status: number): ErrorCode {
  if (status === 404) return 'not_found'
  if (status === 401) return 'unauthorized'
  if (status === 403) return 'forbidden'
  if (status === 409) return 'conflict'
  if (status === 415) return 'unsupported_media_type'
  if (status === 429) return 'rate_limited'
  if (status === 503) return 'unavailable'
  if (status === 400 || status === 413 || status === 422) return 'invalid'
  return 'internal'
}

export type ApiInit = Omit<RequestInit, 'body'> & { body?: unknown }

// apiFetch calls the site's own API (same origin; the Host picks the site)
// and returns the decoded JSON, or throws an ApiError.
export async function apiFetch<T>(path: string, init: ApiInit = {}): Promise<T> {
  const { body, headers, ...rest } = init
  const h = new Headers(headers)
  h.set('Accept', 'application/json')
  let payload: BodyInit | undefined
  if (body !== undefined) {
    h.set('Content-Type', 'application/json')
    payload = JSON.stringify(body)
  }
  let res: Response
  try {
    res = await fetch(path, { credentials: 'same-origin', ...rest, headers: h, body: payload })
  } catch {
    throw new ApiError(0, 'internal', 'The server could not be reached. Please try again.')
  }
  if (res.status === 204) return undefined as T
  const text = await res.text()
  let data: unknown = undefined
  if (text) {
    try {
      data = JSON.parse(text)
    } catch {
      data = undefined
    }
  }
  if (!res.ok) {
    if (isErrorBody(data)) {
      const e = data.error
      const code = isCode(e.code) ? e.code : fallbackCode(res.status)
      throw new ApiError(res.status, code, e.message, e.fields ?? {}, e.suggestions ?? [])
    }
    throw new ApiError(res.status, fallbackCode(res.status), res.statusText || 'Request failed.')
  }
  if (data === undefined) {
    throw new ApiError(res.status, 'internal', 'The server sent an unreadable answer.')
  }
  return data as T
}
