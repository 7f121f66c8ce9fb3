// The server renderer's bundle (web/ssr/render.js) run by Node's V8
// instead of the server's own engine, on the same pages, with the API
// answers in memory: the time a Node sidecar would need per page (the
// option the single pure-Go binary rules out), to compare with
//   go test ./internal/httpapi -run '^$' -bench RenderedPages
// Usage: node bench/ssr-node.mjs http://summit-motor-group.localhost:8080 [runs]
// (a running server: bin/forecourt serve).
import { readFileSync } from 'node:fs'
import http from 'node:http'
import vm from 'node:vm'

const base = new URL(process.argv[2] ?? 'http://summit-motor-group.localhost:8080')
const runs = Number(process.argv[3] ?? 40)
const get = (path) =>
  new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port: base.port, path, headers: { Host: base.host } }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (d) => (body += d))
      res.on('end', () => resolve({ status: res.statusCode, body, type: res.headers['content-type'] ?? '' }))
    }).on('error', reject)
  })

const answers = new Map()
const missing = new Set()
const ctx = {
  console: { log() {}, info() {}, warn() {}, error() {}, debug() {} },
  __goFetch: (path) => answers.get(path) ?? (missing.add(path), { status: 503, body: '{"code":"unavailable","message":"x"}', type: 'application/json' }),
  __goZoned: (ms) => {
    const d = new Date(ms)
    return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCDay()]
  },
}
vm.createContext(ctx)
vm.runInContext(readFileSync(new URL('../web/ssr/render.js', import.meta.url), 'utf8'), ctx)
const site = (await get('/api/site')).body
const hits = JSON.parse((await get('/api/search?path=%2Fsearch%2Fnew-used-and-demo-cars%2F')).body).hits
const pages = { home: '/', results: '/search/new-used-and-demo-cars/', vehicle: hits[2].path }

for (const [name, path] of Object.entries(pages)) {
  // Fill the answers the page asks for, then time renders with all of them.
  for (let i = 0; i < 6; i++) {
    missing.clear()
    await ctx.__render(path, base.origin, site)
    if (missing.size === 0) break
    for (const p of missing) answers.set(p, await get(p))
  }
  const times = []
  let size = 0
  for (let i = 0; i < runs; i++) {
    const t = performance.now()
    const r = await ctx.__render(path, base.origin, site)
    times.push(performance.now() - t)
    size = r.html.length
  }
  times.sort((a, b) => a - b)
  console.log(`${name.padEnd(8)} p50 ${times[Math.floor(runs / 2)].toFixed(1)} ms  p99 ${times[Math.floor(runs * 0.99)].toFixed(1)} ms  html ${size} bytes`)
}
