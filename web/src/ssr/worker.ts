/// <reference types="node" />
// The render worker: a small HTTP server the Go server starts as
// `node render.mjs --listen unix:/path/w.sock` (or HOST:PORT) and sends
// pages to draw (POST /render). Several renders run at once; each one's
// requests to the API go to the API and host it names (./api-fetch.ts).
// stdout carries only the one `ready <addr>` line; diagnostics go to stderr.
import http from 'node:http'
import { format } from 'node:util'
import { rmSync } from 'node:fs'
import type { Site } from '@/lib/api'
import { installServerFetch, withApi } from './api-fetch'
import { render } from './entry-server'

export { render } from './entry-server'
export { withApi, installServerFetch } from './api-fetch'

// A render that takes longer is given up: the visitor has long since got
// the page the browser draws itself.
export const renderTimeLimit = 4000

type RenderBody = { url: string; origin: string; site: Site; api: string; host: string }

function readBody(body: unknown): RenderBody | null {
  if (typeof body !== 'object' || body === null) return null
  const b = body as Record<string, unknown>
  const strings = ['url', 'origin', 'api', 'host'] as const
  if (strings.some((k) => typeof b[k] !== 'string' || b[k] === '')) return null
  if (typeof b.site !== 'object' || b.site === null) return null
  if (!(b.url as string).startsWith('/')) return null
  return b as RenderBody
}

function send(res: http.ServerResponse, status: number, body: unknown) {
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  res.writeHead(status, { 'Content-Type': typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json', 'Content-Length': Buffer.byteLength(text) })
  res.end(text)
}

// withoutQueries cuts every URL query out of a text bound for the log or
// the Go side: a query holds what a buyer typed
// (docs/behaviour/http.md#no-buyer-words-in-logs).
export function withoutQueries(text: string): string {
  return text.replace(/\?[^\s"'`<>|)]*/g, '?…')
}

function oneLine(e: unknown): string {
  return withoutQueries((e instanceof Error ? e.stack || e.message : String(e)).replace(/\s*\n\s*/g, ' | '))
}

// renderPage runs one render with its own API scope and time limit.
export async function renderPage(body: RenderBody, limit = renderTimeLimit) {
  const abort = new AbortController()
  const timer = setTimeout(() => abort.abort(new Error(`render took over ${limit} ms`)), limit)
  try {
    return await withApi({ api: body.api, host: body.host, signal: abort.signal }, () =>
      render({ url: body.url, origin: body.origin, site: body.site }, abort.signal),
    )
  } finally {
    clearTimeout(timer)
  }
}

async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
  const path = (req.url ?? '').split('?')[0]
  if (path === '/healthz' && (req.method === 'GET' || req.method === 'HEAD')) return send(res, 200, 'ok')
  if (path !== '/render') return send(res, 404, { error: 'not found' })
  if (req.method !== 'POST') return send(res, 405, { error: 'POST only' })
  const chunks: Buffer[] = []
  for await (const c of req) chunks.push(c as Buffer)
  let body: RenderBody | null
  try {
    body = readBody(JSON.parse(Buffer.concat(chunks).toString('utf8')))
  } catch {
    body = null
  }
  if (!body) return send(res, 400, { error: 'want a JSON body with url, origin, site, api and host' })
  try {
    send(res, 200, await renderPage(body))
  } catch (e) {
    console.error(`ssr: render ${body.host}${body.url.split('?')[0]}: ${oneLine(e)}`)
    send(res, 500, { error: withoutQueries(e instanceof Error ? e.message : String(e)) })
  }
}

type Listen = { path: string } | { host: string; port: number }

export function parseListen(addr: string): Listen {
  if (addr.startsWith('unix:')) return { path: addr.slice('unix:'.length) }
  const i = addr.lastIndexOf(':')
  const port = Number(addr.slice(i + 1))
  if (i <= 0 || !Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--listen wants unix:PATH or HOST:PORT, not ${addr}`)
  return { host: addr.slice(0, i).replace(/^\[(.*)\]$/, '$1'), port }
}

// startWorker listens and resolves with the address listened on.
export function startWorker(addr: string): Promise<{ server: http.Server; addr: string }> {
  installServerFetch()
  // Newer Node versions have a process-wide localStorage: the app must see
  // none, as on any server, or one visitor's marks would reach the next page.
  for (const name of ['localStorage', 'sessionStorage']) delete (globalThis as Record<string, unknown>)[name]
  const where = parseListen(addr)
  // A socket left by a worker that was killed would stop this one listening.
  if ('path' in where) rmSync(where.path, { force: true })
  const server = http.createServer((req, res) => {
    handle(req, res).catch((e) => {
      console.error(`ssr: ${oneLine(e)}`)
      if (!res.headersSent) send(res, 500, { error: 'internal' })
      else res.destroy()
    })
  })
  // Connections from the Go side are kept; renders are short.
  server.keepAliveTimeout = 60_000
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    const done = () => {
      const a = server.address()
      const bound = 'path' in where ? `unix:${where.path}` : typeof a === 'object' && a ? `${a.family === 'IPv6' ? `[${a.address}]` : a.address}:${a.port}` : addr
      resolve({ server, addr: bound })
    }
    if ('path' in where) server.listen(where.path, done)
    else server.listen(where.port, where.host, done)
  })
}

async function main(argv: string[]) {
  const i = argv.indexOf('--listen')
  const addr = i >= 0 ? argv[i + 1] : undefined
  if (!addr) {
    console.error('usage: node render.mjs --listen unix:PATH|HOST:PORT')
    process.exit(2)
  }
  // Nothing but the ready line goes to stdout: the app's own logging goes
  // to stderr, one line a message (the Go side relays it line by line).
  // No URL query reaches the log (docs/behaviour/http.md#no-buyer-words-in-logs).
  const toStderr = (...args: unknown[]) => void process.stderr.write(withoutQueries(format(...args).replace(/\s*\n\s*/g, ' | ')) + '\n')
  console.log = console.info = console.debug = console.warn = console.error = toStderr
  const { server, addr: bound } = await startWorker(addr)
  process.stdout.write(`ready ${bound}\n`)
  process.once('SIGTERM', () => {
    server.close(() => process.exit(0))
    server.closeIdleConnections()
    // Renders in progress get their time limit, no more.
    setTimeout(() => process.exit(0), renderTimeLimit).unref()
  })
}

// Run as the worker when started with --listen; imported (tests, the bench)
// it only exports its parts.
if (process.argv.includes('--listen')) {
  main(process.argv.slice(2)).catch((e) => {
    console.error(`ssr: ${oneLine(e)}`)
    process.exit(1)
  })
}
