// A real dealer's site, put live as docs/onboarding.md says: its own site
// file, its feed of 50 cars and their camera-sized photos (3000 x 2000
// JPEGs) on the dealer's own host, taken in by the real binary. Then
// Lighthouse (bench/lighthouse/run.mjs: mobile, median of LH_RUNS) on its
// results page and a car's page.
// Usage: node bench/dealer-site.mjs [--serve]   (after make build; with
// --serve it prints the site's address and keeps serving instead).
// DEALER_PHOTOS=n photos per car (default 10).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { camera, dealerHost, site, slug } from '../web/e2e/dealer-kit.mjs';
import { startServer } from '../web/e2e/server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { chromium } = createRequire(join(root, 'web', 'package.json'))('playwright-core');
const cars = 50;
const perCar = Number(process.env.DEALER_PHOTOS || 10);

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const jpg = await camera(browser);
await browser.close();
const host = await dealerHost(jpg, { cars, perCar });
const dir = mkdtempSync(join(tmpdir(), 'forecourt-dealer-'));
writeFileSync(join(dir, `${slug}.yaml`), site(host.feedURL));
const server = await startServer(['--tenants', dir]);
const port = server.port;
const stop = async () => {
  await server.stop();
  await host.close();
  rmSync(dir, { recursive: true, force: true });
};
process.on('SIGINT', () => stop().then(() => process.exit(130)));

function getJSON(path) {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, headers: { Host: `${slug}.localhost` } }, (res) => {
      let s = '';
      res.on('data', (d) => (s += d)).on('end', () => resolve(res.statusCode === 200 ? JSON.parse(s) : null));
    }).on('error', reject);
  });
}

// Taken in: every car listed, and the last car's photos all fetched.
const started = Date.now();
let first;
for (;;) {
  const list = await getJSON('/api/search?path=' + encodeURIComponent('/search/used-cars') + '&sortBy=price_desc');
  if (list?.count === cars) {
    const { car } = await getJSON(`/api/cars/${list.hits.at(-1).slug}`);
    if (car.images.length === perCar) {
      first = list.hits[0].slug;
      break;
    }
  }
  if (Date.now() - started > 600_000) throw new Error('the photos were not taken in within 10 minutes');
  await new Promise((r) => setTimeout(r, 500));
}
console.log(`${cars} cars with ${perCar} photos each taken in after ${((Date.now() - started) / 1000).toFixed(1)} s`);
const base = `http://${slug}.localhost:${port}`;
if (process.argv.includes('--serve')) {
  console.log(`serving ${base}/ (Ctrl-C stops)`);
  await new Promise(() => {});
}
const lh = spawn(process.execPath, [join(root, 'bench', 'lighthouse', 'run.mjs'), `${base}/search/used-cars`, `${base}/cars/${first}`], { stdio: 'inherit' });
const code = await new Promise((r) => lh.on('exit', r));
await stop();
process.exit(code ?? 1);
