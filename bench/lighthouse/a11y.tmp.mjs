import lighthouse from 'lighthouse'
import * as chromeLauncher from 'chrome-launcher'
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'] })
for (const url of process.argv.slice(2)) {
  const r = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['accessibility', 'best-practices'] })
  for (const [id, a] of Object.entries(r.lhr.audits)) {
    if (a.score !== null && a.score < 1 && !['informative', 'notApplicable', 'manual'].includes(a.scoreDisplayMode)) {
      console.log(url, id, a.title)
      for (const it of (a.details?.items || []).slice(0, 6)) console.log('   ', JSON.stringify(it.node ? { sel: it.node.selector, snip: it.node.snippet, why: it.node.explanation } : it).slice(0, 400))
    }
  }
}
await chrome.kill()
