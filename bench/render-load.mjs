// Render load: fetch car pages no visitor has asked for yet, from every demo
// site, N at a time, and report how many arrived drawn (an <h1> inside
// #root), pages/s and latency. A page the server had not drawn within its
// render wait arrives empty for the browser to draw.
//
//   node bench/render-load.mjs PORT [pages=300] [concurrency=8] [--kill-worker SERVER_PID]
//
// --kill-worker: once a third of the pages are asked for, one of the
// server's render workers (a node child of SERVER_PID) is killed with
// SIGKILL; every page must still be answered 200.
import http from 'node:http'
import { execFileSync } from 'node:child_process'

const args = process.argv.slice(2)
const flag = (name) => {
  const i = args.indexOf(name)
  if (i < 0) return undefined
  const v = args[i + 1]
  args.splice(i, 2)
  return v
}
const killParent = flag('--kill-worker')
const port = Number(args[0])
const total = Number(args[1] ?? 300)
const concurrency = Number(args[2] ?? 8)
if (!port) {
  console.error('usage: node bench/render-load.mjs PORT [pages] [concurrency] [--kill-worker SERVER_PID]')
  process.exit(2)
}
// RENDER_SITES (comma-separated slugs) names other sites than the demo's,
// e.g. those of bench/many-sites.sh.
const sites = process.env.RENDER_SITES?.split(',') ?? ['harbourside-toyota', 'summit-motor-group', 'outback-caravans', 'southern-alps-motors', 'metro-used-cars']
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency + 2 })

function get(host, path) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent, headers: { Host: `${host}:${port}`, 'Accept-Encoding': 'identity' } }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (d) => (body += d))
      res.on('end', () => resolve({ status: res.statusCode, body }))
    })
    req.on('error', reject)
    req.setTimeout(30_000, () => req.destroy(new Error('timed out')))
  })
}

// The car pages to fetch: listed cars of each site, taken in turn so every
// site is in the load, from search answers (API calls, not pages).
const perSite = Math.ceil(total / sites.length)
const lists = []
for (const slug of sites) {
  const host = `${slug}.localhost`
  const site = JSON.parse((await get(host, '/api/site')).body)
  const listing = site.search?.default_path ?? '/search/'
  const paths = []
  for (let page = 1; paths.length < perSite && page <= 40; page++) {
    const res = await get(host, `/api/search?path=${encodeURIComponent(listing)}&page=${page}`)
    if (res.status !== 200) break
    const hits = JSON.parse(res.body).hits ?? []
    if (hits.length === 0) break
    for (const h of hits) if (h.slug && paths.length < perSite) paths.push(`/cars/${h.slug}`)
  }
  if (paths.length === 0) {
    console.error(`${slug}: its listing ${listing} gave no cars to draw`)
    process.exit(1)
  }
  lists.push(paths.map((path) => ({ host, path })))
}
const queue = []
for (let i = 0; queue.length < total; i++) {
  let added = false
  for (const l of lists)
    if (i < l.length && queue.length < total) {
      queue.push(l[i])
      added = true
    }
  if (!added) break
}

function drawn(html) {
  const root = html.indexOf('<div id="root">')
  if (root < 0) return false
  return /<h1[\s>]/.test(html.slice(root))
}

function workerPids(parent) {
  try {
    return execFileSync('pgrep', ['-P', String(parent), 'node'], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number)
  } catch {
    return []
  }
}

const times = []
let drawnCount = 0
let failed = 0
let next = 0
let killed = null
const started = performance.now()
async function run() {
  while (next < queue.length) {
    const i = next++
    if (killParent && killed === null && i >= Math.floor(queue.length / 3)) {
      const pids = workerPids(killParent)
      killed = pids[0] ?? 0
      if (killed) process.kill(killed, 'SIGKILL')
    }
    const { host, path } = queue[i]
    const t = performance.now()
    try {
      const res = await get(host, path)
      times.push(performance.now() - t)
      if (res.status !== 200) {
        failed++
        console.error(`${res.status} ${host}${path}`)
      } else if (drawn(res.body)) drawnCount++
    } catch (e) {
      failed++
      console.error(`${host}${path}: ${e.message}`)
    }
  }
}
await Promise.all(Array.from({ length: concurrency }, run))
const secs = (performance.now() - started) / 1000
times.sort((a, b) => a - b)
const pct = (p) => times[Math.min(times.length - 1, Math.floor(times.length * p))] ?? 0
console.log(`pages ${queue.length} from ${sites.length} sites, ${concurrency} at a time, in ${secs.toFixed(1)} s`)
console.log(`pages/s ${(queue.length / secs).toFixed(1)}  p50 ${pct(0.5).toFixed(0)} ms  p99 ${pct(0.99).toFixed(0)} ms`)
console.log(`drawn ${drawnCount}/${queue.length} (${((100 * drawnCount) / queue.length).toFixed(1)} %)  failed ${failed}`)
if (killParent) {
  const after = workerPids(killParent)
  console.log(killed ? `killed render worker ${killed}; workers now ${after.join(' ')}` : 'no render worker found to kill')
}
agent.destroy()
process.exit(failed > 0 ? 1 : 0)
