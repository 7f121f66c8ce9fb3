// The pictures a phone fetches on the home, results and vehicle pages of
// two demo sites: how many, how many bytes, in which formats and widths.
// Chromium as Lighthouse's phone (412 x 823 CSS px at 1.75 device pixels),
// a fresh browser context per page so nothing comes from its cache; each
// page is loaded once to warm the server's image cache, then measured.
// Usage: node bench/image-bytes.mjs [path/to/forecourt] (after make build).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { get } from 'node:http';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { chromium } = createRequire(join(root, 'web', 'package.json'))('playwright-core');
const bin = process.argv[2] || join(root, 'bin', 'forecourt');
const sites = (process.env.IMG_SITES || 'summit-motor-group harbourside-toyota').split(' ');

const data = mkdtempSync(join(tmpdir(), 'forecourt-img-'));
const env = { ...process.env };
delete env.DATABASE_URL;
const proc = spawn(bin, ['serve', '--addr', '127.0.0.1:0', '--data', data], { env, stdio: ['ignore', 'pipe', 'ignore'] });
const port = await new Promise((resolve, reject) => {
  let out = '';
  proc.stdout.on('data', (d) => {
    out += d;
    const m = out.match(/http:\/\/[a-z0-9-]+\.localhost:(\d+)/);
    if (m) resolve(Number(m[1]));
  });
  proc.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
});
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--host-resolver-rules=MAP *.localhost 127.0.0.1'] });

// getJSON asks the server as the site's own host would be asked.
function getJSON(port, site, path) {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, headers: { host: `${site}.localhost` } }, (res) => {
      let s = '';
      res.on('data', (d) => (s += d)).on('end', () => resolve(JSON.parse(s)));
    }).on('error', reject);
  });
}

async function measure(url) {
  const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  const page = await ctx.newPage();
  const seen = [];
  page.on('response', async (r) => {
    if (r.request().resourceType() !== 'image') return;
    const body = await r.body().catch(() => Buffer.alloc(0));
    const u = new URL(r.url());
    seen.push({ path: u.pathname, w: u.searchParams.get('w') || '-', type: (r.headers()['content-type'] || '?').replace('image/', ''), bytes: body.length });
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle').catch(() => {});
  await ctx.close();
  return seen;
}

const total = { n: 0, bytes: 0 };
for (const site of sites) {
  const base = `http://${site}.localhost:${port}`;
  const search = await getJSON(port, site, '/api/search?path=/search/new-used-and-demo-cars/');
  const car = search.hits.find((h) => h.status === 'in_stock').slug;
  for (const path of ['/', '/search/used-cars', `/cars/${car}`]) {
    await measure(base + path); // warm the server's image cache
    const imgs = await measure(base + path);
    const bytes = imgs.reduce((s, i) => s + i.bytes, 0);
    total.n += imgs.length;
    total.bytes += bytes;
    const kinds = {};
    for (const i of imgs) kinds[i.type] = (kinds[i.type] || 0) + 1;
    const widths = [...new Set(imgs.map((i) => i.w))].join(',');
    console.log(`${site}${path.startsWith('/cars/') ? ' /cars/…' : ' ' + path}: ${imgs.length} images, ${(bytes / 1024).toFixed(1)} KB, ${JSON.stringify(kinds)}, widths ${widths}`);
  }
}
console.log(`total: ${total.n} images, ${(total.bytes / 1024).toFixed(1)} KB`);
await browser.close();
proc.kill();
rmSync(data, { recursive: true, force: true });
