// Times the render worker (web/ssr/render.mjs, built by `npm run build` in
// web/) on the pages most visitors land on: it starts one worker, as the
// server does, and asks it to draw each page against a running server's API,
// one render at a time. The time is the whole POST /render: the data
// fetched from the API, the render and the answer.
// Usage: node bench/ssr-node.mjs [http://summit-motor-group.localhost:8080] [runs]
// (a running server: bin/forecourt serve; its own renderer may be off).
import { spawn } from 'node:child_process'
import http from 'node:http'
import { createInterface } from 'node:readline'

const base = new URL(process.argv[2] ?? 'http://summit-motor-group.localhost:8080')
const runs = Number(process.argv[3] ?? 100)
const api = `http://127.0.0.1:${base.port || 80}`

const request = (opts, body) =>
  new Promise((resolve, reject) => {
    const req = http.request(opts, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (d) => (text += d))
      res.on('end', () => resolve({ status: res.statusCode, text }))
    })
    req.on('error', reject)
    req.end(body)
  })
const apiGet = async (path) => {
  const r = await request({ host: '127.0.0.1', port: base.port || 80, path, headers: { Host: base.host, Accept: 'application/json' } })
  if (r.status !== 200) throw new Error(`GET ${path}: ${r.status}`)
  return JSON.parse(r.text)
}

const worker = spawn(process.execPath, [new URL('../web/ssr/render.mjs', import.meta.url).pathname, '--listen', '127.0.0.1:0'], {
  stdio: ['ignore', 'pipe', 'inherit'],
})
const ready = await new Promise((resolve, reject) => {
  createInterface({ input: worker.stdout }).once('line', resolve)
  worker.once('exit', (code) => reject(new Error(`worker exited (${code})`)))
})
const [, addr] = ready.split(' ')
const [whost, wport] = [addr.slice(0, addr.lastIndexOf(':')), addr.slice(addr.lastIndexOf(':') + 1)]
const agent = new http.Agent({ keepAlive: true })

try {
  const site = await apiGet('/api/site')
  const listing = site.search?.default_path || '/search/new-used-and-demo-cars/'
  const hits = (await apiGet(`/api/search?path=${encodeURIComponent(listing)}`)).hits
  const pages = { home: '/', results: listing, vehicle: `/cars/${hits[Math.min(2, hits.length - 1)].slug}` }
  const draw = async (url) => {
    const body = JSON.stringify({ url, origin: base.origin, site, api, host: base.host })
    const r = await request({ host: whost, port: wport, path: '/render', method: 'POST', agent, headers: { 'Content-Type': 'application/json' } }, body)
    if (r.status !== 200) throw new Error(`render ${url}: ${r.status} ${r.text}`)
    return JSON.parse(r.text)
  }
  // Warm up: the first renders compile the code.
  for (let i = 0; i < 30; i++) for (const url of Object.values(pages)) await draw(url)
  for (const [name, url] of Object.entries(pages)) {
    const times = []
    let size = 0
    for (let i = 0; i < runs; i++) {
      const t = performance.now()
      const r = await draw(url)
      times.push(performance.now() - t)
      size = r.html.length
    }
    times.sort((a, b) => a - b)
    const at = (p) => times[Math.min(times.length - 1, Math.floor(times.length * p))].toFixed(1)
    console.log(`${name.padEnd(8)} p50 ${at(0.5)} ms  p99 ${at(0.99)} ms  html ${size} bytes`)
  }
} finally {
  agent.destroy()
  worker.kill('SIGTERM')
}
