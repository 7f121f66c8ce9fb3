// Journey: a real dealer's site whose feed names its own photos (camera
// sized, 3000 x 2000) on the dealer's photo host, as a buyer on a phone
// sees it. The photos are taken in by the server and served as the site's
// own: the results page at 390 px loads at most 250 KB of pictures, no
// request goes to the dealer's host, the pages pass axe, and with that
// host stopped every photo still shows. (The Go test
// TestDealerPhotosTakenInOnce takes in 50 cars x 10 photos with the bad
// ones; here 50 cars x 2 keep the browser's run short.)
import { test, expect, startServer } from './fixtures.mjs';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { settler } from './waits.mjs';
import { camera, dealerHost, site, slug } from './dealer-kit.mjs';

const cars = 50;
const perCar = 2;
const budget = 250 * 1024;

// The dealer's photo host, on 127.0.0.2 (private: the site file allows
// it), and the site served from a tenants directory of its own.
const dealerTest = test.extend({
  dealer: async ({ browser }, use) => {
    const host = await dealerHost(await camera(browser), { cars, perCar });
    const dir = mkdtempSync(join(tmpdir(), 'forecourt-dealer-'));
    let server;
    try {
      writeFileSync(join(dir, `${slug}.yaml`), site(host.feedURL));
      server = await startServer(['--tenants', dir]);
      await use({ server, asked: host.asked, stop: host.close });
    } finally {
      await server?.stop();
      await host.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
});

// A buyer on a phone.
dealerTest.use({ viewport: { width: 390, height: 844 } });

// getJSON asks the site's API from Node (null for anything but 200).
function getJSON(server, path) {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port: server.port, path, headers: { Host: `${slug}.localhost`, Accept: 'application/json' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve(res.statusCode === 200 ? JSON.parse(body) : null));
    }).on('error', reject);
  });
}

// axe: no serious or critical WCAG 2 A/AA violation on the page.
async function assertAccessible(page, what) {
  const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const bad = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), what).toStrictEqual([]);
}

dealerTest('a dealer\'s own photos are served as the site\'s own, light on a phone, and stay when its host stops', async ({ page, context, dealer }) => {
  const { server } = dealer;
  // The feed is pulled and every photo taken in: each car shows its two.
  let carSlug;
  await expect
    .poll(
      async () => {
        const list = await getJSON(server, '/api/search?path=' + encodeURIComponent('/search/used-cars'));
        if (!list || list.count !== cars) return `count ${list?.count}`;
        const last = await getJSON(server, `/api/search?path=${encodeURIComponent('/search/used-cars')}&page=3`);
        const slugs = [...list.hits, ...(last?.hits ?? [])].map((h) => h.slug);
        for (const s of [slugs[0], slugs.at(-1)]) {
          const { car } = await getJSON(server, `/api/cars/${s}`);
          if (car.images.length !== perCar) return `${s}: ${car.images.length} photos`;
        }
        carSlug = slugs[0];
        return 'in';
      },
      { timeout: 120_000, intervals: [500] },
    )
    .toBe('in');

  const dealerAsked = [];
  let imageBytes = 0;
  page.on('request', (r) => new URL(r.url()).hostname === '127.0.0.2' && dealerAsked.push(r.url()));
  page.on('response', async (r) => {
    if (r.request().resourceType() !== 'image') return;
    const body = await r.body().catch(() => null);
    imageBytes += body ? body.length : 0;
  });
  const settled = settler(page);
  await page.goto(server.url(slug, '/search/used-cars'));
  await settled();
  // Every card in view shows its photo, never alt text or a broken one.
  const shown = await page.$$eval('main img', (is) => is.filter((i) => i.getBoundingClientRect().top < innerHeight).map((i) => ({ src: i.currentSrc, ok: i.complete && i.naturalWidth > 0 })));
  expect(shown.length, 'card photos in view').toBeGreaterThan(0);
  for (const i of shown) {
    expect(i.ok, `${i.src} shown`).toBeTruthy();
    expect(new URL(i.src).pathname, 'a photo from the site itself').toMatch(/^\/img\/photo\//);
  }
  test.info().annotations.push({ type: 'results page pictures at 390 px', description: `${imageBytes} bytes` });
  expect(imageBytes, `results page pictures: ${imageBytes} bytes`).toBeLessThanOrEqual(budget);
  await assertAccessible(page, 'results page');

  // The car page: its gallery opens on the dealer's photo, served here.
  const carSettled = settler(page);
  await page.goto(server.url(slug, `/cars/${carSlug}`));
  await carSettled();
  const first = page.locator('[data-testid="vehicle-media"] img[fetchpriority="high"]').first();
  await expect(first).toBeVisible();
  expect(await first.evaluate((i) => i.complete && i.naturalWidth > 0)).toBeTruthy();
  await assertAccessible(page, 'car page');
  expect(dealerAsked, 'requests to the dealer\'s photo host').toStrictEqual([]);

  // The dealer's host stops: the photos are still there, in a tab opened
  // afresh.
  await dealer.stop();
  const fresh = await context.newPage();
  const again = settler(fresh);
  await fresh.goto(server.url(slug, `/cars/${carSlug}`));
  await again();
  const photo = fresh.locator('[data-testid="vehicle-media"] img[fetchpriority="high"]').first();
  await expect(photo).toBeVisible();
  expect(await photo.evaluate((i) => i.complete && i.naturalWidth > 0), 'the photo with the dealer\'s host stopped').toBeTruthy();
});
