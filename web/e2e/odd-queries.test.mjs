// Journey: listing and car addresses with query strings a buyer's link, an
// old bookmark or a crawler may carry (a price range that is no range, a
// page that is no number, a distance search on a site without one), on every
// demo site at a phone's and a desktop's width. The page the server draws is
// the one the app takes over: no hydration error, no console error, and a
// search that cannot be made says which part of the address is wrong, never
// "The results could not be loaded."
import { test, expect, demoSlugs } from './fixtures.mjs';
import { settler } from './waits.mjs';

let server;
let browser;
test.beforeAll(({ server: s, browser: b }) => {
  server = s;
  browser = b;
});

const odd = [
  '/search/used-cars?range[price]=abc',
  '/search/used-cars?page=abc&sortBy=zzz&range[km]=5:abc',
  '/search/used-cars?postcode=8011&distance=25',
  '/search/used-cars?refinementList[make][0]=%00&query=%3Cscript%3E',
  '/?utm_source=%ZZ&page=-1',
];

for (const slug of demoSlugs) {
  test(`${slug}: odd query strings draw the same page in the browser`, async () => {
    for (const width of [390, 1366]) {
      const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
      try {
        const page = await context.newPage();
        const errors = [];
        page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
        page.on('pageerror', (e) => errors.push(e.message));
        for (const path of odd) {
          errors.length = 0;
          const settled = settler(page);
          const res = await page.goto(server.url(slug, path));
          await settled({ pictures: false });
          const what = `${path} at ${width}`;
          expect(res.status(), what).toBeLessThan(500);
          await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
          expect(errors, `${what}: console errors`).toStrictEqual([]);
          const main = await page.locator('main').innerText();
          expect(main, what).not.toMatch(/could not be loaded/);
        }
      } finally {
        await context.close();
      }
    }
  });
}

// A buyer with cars in the compare list (kept in the browser, unknown to the
// server) opens pages on a phone: the page the server drew is still the one
// the app takes over, and the chat button sits in the header.
test('summit-motor-group: pages with cars in the compare list, on a phone', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    // What the browser's takeover says went wrong (React's hydration
    // errors are logged with this prefix), and any uncaught error.
    const errors = [];
    page.on('console', (m) => m.type() === 'error' && /hydration|Minified React error/.test(m.text()) && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url('summit-motor-group', '/healthz'));
    const hits = await page.evaluate(() => fetch('/api/search?path=/search/used-cars').then((r) => r.json()).then((j) => j.hits.slice(0, 2)));
    await page.evaluate(
      (hits) => localStorage.setItem('forecourt:compare', JSON.stringify(hits.map((h) => ({ id: h.id, slug: h.slug, name: h.name, make: h.make, model: h.model, image: h.primary_image_url, price_text: h.price_display?.text ?? '' })))),
      hits,
    );
    for (const path of ['/', '/search/used-cars', `/cars/${hits[0].slug}`]) {
      errors.length = 0;
      const settled = settler(page);
      await page.goto(server.url('summit-motor-group', path));
      await settled({ pictures: false });
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await page.locator('header [data-chat-slot] button[aria-label="Chat with us"]').waitFor();
      expect(errors, `${path}: takeover errors`).toStrictEqual([]);
    }
  } finally {
    await context.close();
  }
});
