// @vitest-environment node
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { siteFixture } from '@/testing/site-fixture'
import { serverFetch, withApi } from './api-fetch'
import { parseListen, renderPage, withoutQueries } from './worker'

type Seen = { host: string; path: string; accept: string }

// A stand-in for the Go server's API: it answers per Host, after a delay
// that differs per host so two renders' requests interleave.
let api: http.Server
let apiAddr = ''
const seen: Seen[] = []

beforeAll(async () => {
  api = http.createServer((req, res) => {
    const host = req.headers.host ?? ''
    const path = req.url ?? ''
    seen.push({ host, path, accept: String(req.headers.accept ?? '') })
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    if (path.includes('never')) return // answers never come
    setTimeout(
      () => {
        if (path.startsWith('/api/echo')) return reply(200, { host, path })
        if (path.startsWith('/api/pages?path=%2Fabout-us')) {
          return reply(200, { path: '/about-us', title: 'About Us', description: '', html: `<p>Welcome to ${host}</p>`, faqs: [], booking_links: [] })
        }
        reply(404, { error: { code: 'not_found', message: 'Not found.' } })
      },
      host.startsWith('a.') ? 30 : 5,
    )
  })
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve))
  apiAddr = `http://127.0.0.1:${(api.address() as AddressInfo).port}`
  globalThis.fetch = serverFetch as typeof fetch
})

afterAll(() => new Promise<void>((resolve) => api.close(() => resolve())))

const siteA = siteFixture({ name: 'Alpha Motors' })
const siteB = siteFixture({ name: 'Bravo Motors' })

describe('the server fetch', () => {
  it('sends each render’s requests to its own host, also when renders interleave', async () => {
    const run = (host: string) =>
      withApi({ api: apiAddr, host }, async () => {
        const hosts: string[] = []
        for (let i = 0; i < 3; i++) {
          const r = await fetch(`/api/echo?i=${i}`)
          hosts.push(((await r.json()) as { host: string }).host)
          // Work scheduled later still belongs to this render.
          await new Promise((resolve) => setImmediate(resolve))
        }
        return hosts
      })
    const [a, b] = await Promise.all([run('a.example:8080'), run('b.example:8080')])
    expect(a).toEqual(['a.example:8080', 'a.example:8080', 'a.example:8080'])
    expect(b).toEqual(['b.example:8080', 'b.example:8080', 'b.example:8080'])
    expect(seen.filter((s) => s.path.startsWith('/api/echo')).every((s) => s.accept === 'application/json')).toBe(true)
  })

  it('refuses outside a render and for anything but a GET of the API', async () => {
    await expect(fetch('/api/echo')).rejects.toThrow(/inside a render/)
    await withApi({ api: apiAddr, host: 'a.example' }, async () => {
      await expect(fetch('/api/echo', { method: 'POST' })).rejects.toThrow(/not available/)
      await expect(fetch('https://elsewhere.example/x')).rejects.toThrow(/not available/)
    })
  })

  it('reads a unix: API address as a socket path', async () => {
    await expect(withApi({ api: 'unix:/nonexistent/api.sock', host: 'a.example' }, () => fetch('/api/echo'))).rejects.toThrow(/ENOENT/)
  })
})

describe('renderPage', () => {
  it('draws two sites at once, each from its own API answers', async () => {
    const body = (host: string, site: typeof siteA) => ({ url: '/about-us', origin: `http://${host}`, site, api: apiAddr, host })
    const [a, b] = await Promise.all([renderPage(body('a.example', siteA)), renderPage(body('b.example', siteB))])
    if ('redirect' in a || 'redirect' in b) throw new Error('unexpected redirect')
    expect(a.status).toBe(200)
    expect(a.html).toContain('About Us</h1>')
    expect(a.html).toContain('Welcome to a.example')
    expect(a.html).not.toContain('b.example')
    expect(b.html).toContain('Welcome to b.example')
    expect(b.html).not.toContain('a.example')
    const state = JSON.parse(a.state) as { queries: { queryKey: unknown[]; state: { status: string } }[] }
    expect(state.queries.map((q) => q.queryKey)).toEqual([['page', '/about-us']])
  })

  it('answers 404 for a car that is not there, with the error for the browser', async () => {
    const r = await renderPage({ url: '/cars/gone-123', origin: 'http://a.example', site: siteA, api: apiAddr, host: 'a.example' })
    if ('redirect' in r) throw new Error('unexpected redirect')
    expect(r.status).toBe(404)
    expect(r.html).toContain('Page not found')
    const state = JSON.parse(r.state) as { queries: { queryKey: unknown[]; state: { error: { name: string; status: number } } }[] }
    expect(state.queries[0]?.queryKey).toEqual(['car', 'gone-123'])
    expect(state.queries[0]?.state.error).toMatchObject({ name: 'ApiError', status: 404, code: 'not_found' })
  })

  it('gives up a render past its time limit', async () => {
    const started = Date.now()
    const slow = renderPage({ url: '/cars/never-1', origin: 'http://a.example', site: siteA, api: apiAddr, host: 'a.example' }, 100)
    await expect(slow).rejects.toThrow(/over 100 ms/)
    expect(Date.now() - started).toBeLessThan(2000)
  })
})

describe('parseListen', () => {
  it('reads both address forms', () => {
    expect(parseListen('unix:/tmp/w1.sock')).toEqual({ path: '/tmp/w1.sock' })
    expect(parseListen('127.0.0.1:0')).toEqual({ host: '127.0.0.1', port: 0 })
    expect(() => parseListen('nonsense')).toThrow()
  })
})

// docs/behaviour/http.md#no-buyer-words-in-logs
describe('withoutQueries', () => {
  it('cuts every URL query out of a log line', () => {
    expect(withoutQueries('ssr: render a.localhost/search/used?query=john%20citizen%200412999888 | at x')).toBe('ssr: render a.localhost/search/used?… | at x')
    expect(withoutQueries('fetch http://a/api/suggest?q=0412999888 failed')).toBe('fetch http://a/api/suggest?… failed')
    expect(withoutQueries('ssr: query not loaded: suggest on /search/:a')).toBe('ssr: query not loaded: suggest on /search/:a')
  })
})
