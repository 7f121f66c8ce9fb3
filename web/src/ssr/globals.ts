// The few web platform objects the server renderer needs, for an engine
// that has only the language itself. The Go side gives __goFetch (an
// in-process GET of the site's own API) and __log.
import 'core-js/actual/url'
import 'core-js/actual/url-search-params'
import './intl'

type GoAnswer = { status: number; body: string; type: string }
declare const __goFetch: (path: string) => GoAnswer

const g = globalThis as Record<string, unknown>

class SimpleHeaders {
  private m = new Map<string, string>()
  constructor(init?: Record<string, string> | SimpleHeaders) {
    if (init instanceof SimpleHeaders) init.forEach((v, k) => this.m.set(k, v))
    else if (init) for (const k of Object.keys(init)) this.m.set(k.toLowerCase(), String(init[k]))
  }
  get(k: string) {
    return this.m.get(k.toLowerCase()) ?? null
  }
  has(k: string) {
    return this.m.has(k.toLowerCase())
  }
  set(k: string, v: string) {
    this.m.set(k.toLowerCase(), String(v))
  }
  append(k: string, v: string) {
    this.set(k, v)
  }
  delete(k: string) {
    this.m.delete(k.toLowerCase())
  }
  forEach(fn: (v: string, k: string) => void) {
    this.m.forEach((v, k) => fn(v, k))
  }
}

class SimpleSignal {
  aborted = false
  reason: unknown = undefined
  addEventListener() {}
  removeEventListener() {}
  throwIfAborted() {
    if (this.aborted) throw this.reason
  }
}

class SimpleAbortController {
  signal = new SimpleSignal()
  abort(reason?: unknown) {
    this.signal.aborted = true
    this.signal.reason = reason
  }
}

class SimpleRequest {
  url: string
  method: string
  headers: SimpleHeaders
  signal: SimpleSignal
  constructor(url: string, init: { method?: string; headers?: Record<string, string>; signal?: SimpleSignal } = {}) {
    this.url = String(url)
    this.method = (init.method ?? 'GET').toUpperCase()
    this.headers = new SimpleHeaders(init.headers)
    this.signal = init.signal ?? new SimpleSignal()
  }
}

class SimpleResponse {
  status: number
  ok: boolean
  statusText = ''
  headers: SimpleHeaders
  private body: string
  constructor(body: string, init: { status?: number; headers?: Record<string, string> } = {}) {
    this.body = body
    this.status = init.status ?? 200
    this.ok = this.status >= 200 && this.status < 300
    this.headers = new SimpleHeaders(init.headers)
  }
  text() {
    return Promise.resolve(this.body)
  }
  json() {
    return Promise.resolve(JSON.parse(this.body) as unknown)
  }
}

// localeCompare here ignores its options; the pages ask for case-blind
// ('accent') and accent-blind ('base') comparisons.
const compare = String.prototype.localeCompare
String.prototype.localeCompare = function (this: string, that: string, locales?: string | string[], opts?: { sensitivity?: string }) {
  let a = String(this)
  let b = String(that)
  const s = opts?.sensitivity
  if (s === 'accent' || s === 'base') {
    a = a.toLowerCase()
    b = b.toLowerCase()
  }
  if (s === 'base') {
    a = a.normalize('NFD').replace(/[\u0300-\u036f]/g, '')
    b = b.normalize('NFD').replace(/[\u0300-\u036f]/g, '')
  }
  return compare.call(a, b, locales)
}

function define(name: string, value: unknown) {
  if (typeof g[name] === 'undefined') g[name] = value
}

define('Headers', SimpleHeaders)
define('Request', SimpleRequest)
define('Response', SimpleResponse)
define('AbortController', SimpleAbortController)
// Timers never fire during a render; the renderer only schedules work it
// also cancels.
define('__dynamicImport', (name: string) => Promise.reject(new Error('no module loader for ' + name)))
define('setTimeout', () => 0)
define('clearTimeout', () => {})
define('queueMicrotask', (fn: () => void) => void Promise.resolve().then(fn))
// Only GETs of the site's own API are answered; anything else fails as a
// network error would, and the page shows what it shows while loading.
define('fetch', (input: string, init?: { method?: string }) => {
  const method = (init?.method ?? 'GET').toUpperCase()
  const path = String(input)
  if (method !== 'GET' || !path.startsWith('/api/')) return Promise.reject(new TypeError('not available while rendering on the server'))
  const a = __goFetch(path)
  return Promise.resolve(new SimpleResponse(a.body, { status: a.status, headers: { 'content-type': a.type } }))
})
