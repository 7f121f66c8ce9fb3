import type { components, paths } from './api-types'

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

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'
type JSONBody<R> = R extends { content: { 'application/json': infer A } } ? A : void

// AnswerOf is the body api/openapi.yaml gives operation M of path P on
// success (its 200, else its 201); void where that answer has none.
export type AnswerOf<P extends keyof paths, M extends Method = 'get'> = paths[P][M] extends { responses: infer R }
  ? R extends { 200: infer A }
    ? JSONBody<A>
    : R extends { 201: infer A }
      ? JSONBody<A>
      : void
  : never

// OperationPath is a path api/openapi.yaml lists method M for.
export type OperationPath<M extends Method> = {
  [P in keyof paths]: paths[P][M] extends { responses: unknown } ? P : never
}[keyof paths]

export type CallInit = Omit<ApiInit, 'method'> & {
  // The path's {name} parameters, each written into it URL-encoded.
  params?: Record<string, string | number>
  // The query string, without its "?".
  query?: string
}

// api calls one operation of the API by its path and method in
// api/openapi.yaml ("/api/cars/{slug}"): a path or method the description
// does not list does not compile, and the answer has the description's
// type, so the app and the server cannot drift apart unseen.
export function api<M extends Method, P extends OperationPath<M>>(method: M, path: P, init: CallInit = {}): Promise<AnswerOf<P, M>> {
  const { params, query, ...rest } = init
  let url: string = path
  for (const [name, value] of Object.entries(params ?? {})) url = url.replace(`{${name}}`, encodeURIComponent(String(value)))
  if (query) url += `?${query}`
  return apiFetch<AnswerOf<P, M>>(url, method === 'get' ? rest : { ...rest, method: method.toUpperCase() })
}
