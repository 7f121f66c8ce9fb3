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
