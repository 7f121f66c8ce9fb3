/// <reference types="node" />
// The server's fetch: the app's apiFetch (src/lib/api.ts) asks for relative
// paths such as /api/cars/x, as the browser does on the site's own origin.
// On the server each render names the API to ask and the site's host; one
// worker draws several pages at once, so the render in progress is found
// through the async context the call was made in.
import { AsyncLocalStorage } from 'node:async_hooks'
import http from 'node:http'

export type ApiScope = {
  // "unix:/path/api.sock" or "http://127.0.0.1:8080"
  api: string
  // The Host header that picks the site.
  host: string
  // Ends the render's requests when the render is given up.
  signal?: AbortSignal
}

const scope = new AsyncLocalStorage<ApiScope>()

// withApi runs fn with every fetch it makes (also from callbacks it
// schedules) going to the given API as the given host.
export function withApi<T>(s: ApiScope, fn: () => T): T {
  return scope.run(s, fn)
}

// Connections to the API are kept open between requests: a page makes a few
// and the next render comes soon.
const agent = new http.Agent({ keepAlive: true, maxSockets: 32 })

function target(api: string, path: string): http.RequestOptions {
  if (api.startsWith('unix:')) return { socketPath: api.slice('unix:'.length), path }
  const u = new URL(api)
  if (u.protocol !== 'http:') throw new TypeError(`unsupported API address ${api}`)
  return { hostname: u.hostname, port: u.port || 80, path }
}

function requestURL(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input
  if (input instanceof URL) return input.pathname + input.search
  return input.url
}

// serverFetch answers GETs of the site's API and nothing else: a page
// drawn for everyone is drawn as an anonymous visitor (no cookies).
export function serverFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const s = scope.getStore()
  if (!s) return Promise.reject(new TypeError('fetch is only available inside a render'))
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase()
  const path = requestURL(input)
  if (method !== 'GET' || !path.startsWith('/api/')) {
    return Promise.reject(new TypeError(`not available while rendering on the server: ${method} ${path}`))
  }
  const signals = [s.signal, init?.signal].filter((x): x is AbortSignal => x != null)
  return new Promise<Response>((resolve, reject) => {
    let opts: http.RequestOptions
    try {
      opts = target(s.api, path)
    } catch (e) {
      reject(e)
      return
    }
    const req = http.request({ ...opts, method: 'GET', agent, headers: { Host: s.host, Accept: 'application/json' } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('error', reject)
      res.on('end', () => {
        const status = res.statusCode ?? 502
        const headers = new Headers()
        const type = res.headers['content-type']
        if (type) headers.set('content-type', type)
        // A Response with these statuses may not have a body.
        const body = status === 204 || status === 304 ? null : Buffer.concat(chunks)
        resolve(new Response(body, { status, statusText: res.statusMessage, headers }))
      })
    })
    for (const sig of signals) {
      if (sig.aborted) req.destroy(sig.reason instanceof Error ? sig.reason : new Error('aborted'))
      else sig.addEventListener('abort', () => req.destroy(new Error('aborted')), { once: true })
    }
    req.on('error', reject)
    req.end()
  })
}

// installServerFetch makes serverFetch the global fetch the app calls.
export function installServerFetch() {
  globalThis.fetch = serverFetch as typeof fetch
}
