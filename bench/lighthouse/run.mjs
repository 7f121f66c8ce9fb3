import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
// Runs Lighthouse (mobile, simulated slow 4G and a 4x slower CPU: its
// defaults) on each URL given and prints a table of the lab figures behind
// Core Web Vitals. Usage: node run.mjs URL... (bench/lighthouse.sh picks the
// pages and starts the server).
import http from 'node:http'
import lighthouse from 'lighthouse'
import * as chromeLauncher from 'chrome-launcher'

const urls = process.argv.slice(2)
const runs = Number(process.env.LH_RUNS || 3)
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
    '--disable-sync', '--no-first-run'],
})
// Each page is asked for until it arrives drawn on the server, as a page
// visitors have opened before does (the first request for a URL may be
// answered before its render is done, and is drawn in the browser).
async function warm(url) {
  const u = new URL(url)
  // *.localhost is this machine: ask 127.0.0.1 with the site's Host header.
  const get = () =>
    new Promise((resolve, reject) => {
      http.get({ host: '127.0.0.1', port: u.port, path: u.pathname + u.search, headers: { Host: u.host } }, (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (d) => (body += d))
        res.on('end', () => resolve(body))
      }).on('error', reject)
    })
  for (let i = 0; i < 50; i++) {
    const html = await get()
    if (html.includes('id="query-state"') || !html.includes('<div id="root"></div>')) return
    await new Promise((r) => setTimeout(r, 200))
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const rows = []
const problems = new Map()
try {
  for (const url of urls) {
    await warm(url)
    const got = []
    for (let i = 0; i < runs; i++) {
      const r = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] })
      const lhr = r.lhr
      // LH_JSON=dir keeps each run's whole report, to read what a figure is made of.
      if (process.env.LH_JSON) {
        mkdirSync(process.env.LH_JSON, { recursive: true })
        writeFileSync(join(process.env.LH_JSON, `${new URL(url).host.split('.')[0]}${new URL(url).pathname.replace(/\W+/g, '_')}-${i}.json`), r.report)
      }
      const a = lhr.audits
      got.push({
        perf: lhr.categories.performance.score * 100,
        a11y: lhr.categories.accessibility.score * 100,
        bp: lhr.categories['best-practices'].score * 100,
        seo: lhr.categories.seo.score * 100,
        fcp: a['first-contentful-paint'].numericValue,
        lcp: a['largest-contentful-paint'].numericValue,
        tbt: a['total-blocking-time'].numericValue,
        cls: a['cumulative-layout-shift'].numericValue,
        si: a['speed-index'].numericValue,
        kb: a['total-byte-weight'].numericValue / 1024,
        // The JavaScript the page downloads while it loads (transferred).
        js: (a['network-requests'].details?.items ?? []).filter((r) => r.resourceType === 'Script').reduce((n, r) => n + (r.transferSize || 0), 0) / 1024,
      })
      for (const [id, audit] of Object.entries(a)) {
        if (audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'notApplicable') {
          const k = `${id}: ${audit.title}`
          problems.set(k, (problems.get(k) || new Set()).add(new URL(url).pathname))
        }
      }
    }
    const m = (k) => median(got.map((g) => g[k]))
    rows.push({ page: url.replace(/^https?:\/\//, ''), perf: m('perf'), a11y: m('a11y'), bp: m('bp'), seo: m('seo'),
      'FCP ms': Math.round(m('fcp')), 'LCP ms': Math.round(m('lcp')), 'TBT ms': Math.round(m('tbt')), CLS: m('cls').toFixed(3),
      'SI ms': Math.round(m('si')), KB: Math.round(m('kb')), 'JS KB': Math.round(m('js')) })
  }
} finally {
  await chrome.kill()
}
console.table(rows)
console.log(`median of ${runs} runs each; Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile, simulated throttling`)
if (problems.size > 0) {
  console.log('\naudits under 0.9:')
  for (const [k, pages] of problems) console.log(`- ${k} (${[...pages].join(', ')})`)
}
