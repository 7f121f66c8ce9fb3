// Journey: listing and car addresses with query strings a buyer's link, an
// old bookmark or a crawler may carry (a price range that is no range, a
// page that is no number, a distance search on a site without one), on every
// demo site at a phone's and a desktop's width. The page the server draws is
// the one the app takes over: no hydration error, no console error, and a
// search that cannot be made says which part of the address is wrong, never
// "The results could not be loaded."
import { test, expect, demoSlugs } from './fixtures.mjs';
import { settler } from './waits.mjs';

const odd = [
  '/search/used-cars?range[price]=abc',
  '/search/used-cars?page=abc&sortBy=zzz&range[km]=5:abc',
  '/search/used-cars?postcode=8011&distance=25',
  '/search/used-cars?refinementList[make][0]=%00&query=%3Cscript%3E',
  '/?utm_source=%ZZ&page=-1',
];

// size is the viewport of a page at width.
const size = (width) => ({ width, height: width < 600 ? 844 : 900 });

for (const slug of demoSlugs) {
  // One page looks at both widths, resized between them.
  test(`${slug}: odd query strings draw the same page in the browser`, async ({ page, server, consoleErrors }) => {
    for (const width of [390, 1366]) {
      await page.setViewportSize(size(width));
      for (const path of odd) {
        consoleErrors.length = 0;
        const settled = settler(page);
        const res = await page.goto(server.url(slug, path));
        await settled({ pictures: false });
        const what = `${path} at ${width}`;
        expect(res.status(), what).toBeLessThan(500);
        await expect(page.locator('html[data-hydrated]')).toBeAttached();
        expect(consoleErrors, `${what}: console errors`).toStrictEqual([]);
        await expect(page.locator('main'), what).not.toContainText(/could not be loaded/, { useInnerText: true });
      }
    }
  });
}

// Every route the app knows, once per site, with every query parameter a
// page reads set to something it cannot use (a car that is no car, a
// redirect off the site, a page that is no number, a budget in words). The
// routes a site offers come from its sitemap (one of each kind); the rest
// are the routes every site answers, a 404 included. The widths take turns
// by site, so each route is opened at a phone's width on some sites and a
// desktop's on the others. A page that answers 404, or asks who is
// signed in and is told 401, is expected; what the app logs beyond that is not.
const oddParams = [
  'car_id=%ZZ', 'path=//elsewhere.example', 'type=%00', 'redirect=https://elsewhere.example/', 'postcode=ABCD',
  'page=-1', 'back=javascript:alert(1)', 'sortBy=zzz', 'query=%3Cscript%3E', 'ids=1,x,,', 'vehicle=[]', 'q=%C0',
  'model_id=NaN', 'website_id=-', 'vin=%20', 'vehiclePriceBudget=lots', 't=%FF', 'preferredDealership=0',
  'photos_count=-5', 'distance=far', 'city=%22', 'category={}', 'car_type=bike', 'car=0', 'body=%0A',
  'range[price]=abc', 'refinementList[make][0]=%00',
].join('&');

const everySite = [
  '/', '/search/used-cars', '/search/no-such-listing', '/cars/trade-in', '/trade-in', '/sell-my-car', '/instant-price',
  '/finance', '/finance-enquiry', '/print', '/success', '/contact', '/book-test-drive/', '/alerts/stop', '/sign-in',
  '/watchlist', '/favourites', '/compare', '/checkout-journey', '/my-garage', '/spin-to-win', '/online-payment',
  '/used-car/toyota', '/no-such-page',
];

// routesOf answers one address per kind of route the site's sitemap lists
// (the first model, location, overview; every other page), with a car of
// the site and its checkout.
async function routesOf(page, server, slug) {
  await page.goto(server.url(slug, '/healthz'));
  const xml = await page.evaluate(() => fetch('/sitemap.xml').then((r) => r.text()));
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  const kinds = new Map();
  for (const path of paths) {
    const kind = path.replace(/^\/(models|contact-us|our-location|locations|cars)\/(?!order-now$)[^/]+$/, '/$1/:slug').replace(/^\/[^/]+\/overview$/, '/:brand/overview');
    if (!kinds.has(kind)) kinds.set(kind, path);
  }
  const car = paths.find((p) => /^\/cars\/[^/]+$/.test(p) && p !== '/cars/trade-in');
  const more = car ? [car, `${car}/checkout`] : [];
  return [...new Set([...kinds.values(), ...more, ...everySite])];
}

test.describe('every route', () => {
  test.describe.configure({ timeout: 600_000 });
  demoSlugs.forEach((slug, i) => {
    // One page opens every route, resized to the route's width first.
    test(`${slug}: every route with odd query strings draws the same page in the browser`, async ({ page, server }) => {
      await page.setViewportSize(size(390));
      const paths = await routesOf(page, server, slug);
      expect(paths.length).toBeGreaterThan(everySite.length);
      for (const [j, path] of paths.entries()) {
        const width = (i + j) % 2 ? 1366 : 390;
        if (page.viewportSize().width !== width) await page.setViewportSize(size(width));
        const errors = [];
        const onConsole = (m) => m.type() === 'error' && !/Failed to load resource: the server responded with a status of 40[14] /.test(m.text()) && errors.push(m.text());
        const onError = (e) => errors.push(e.message);
        page.on('console', onConsole);
        page.on('pageerror', onError);
        try {
          const settled = settler(page);
          const res = await page.goto(server.url(slug, `${path}?${oddParams}`));
          await settled({ pictures: false });
          const what = `${path} at ${width}`;
          expect(res.status(), what).toBeLessThan(500);
          await expect(page.locator('html[data-hydrated]')).toBeAttached();
          expect(new URL(page.url()).host, `${what}: stays on the site`).toBe(new URL(server.url(slug)).host);
          expect(errors, `${what}: console errors`).toStrictEqual([]);
          await expect(page.locator('main, #main').first(), what).not.toContainText(/could not be loaded|Something went wrong/i, { useInnerText: true });
        } finally {
          page.off('console', onConsole);
          page.off('pageerror', onError);
        }
      }
    });
  });
});

// A buyer with cars in the compare list (kept in the browser, unknown to the
// server) opens pages on a phone: the page the server drew is still the one
// the app takes over, and the chat button sits in the header.
test.describe(() => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('summit-motor-group: pages with cars in the compare list, on a phone', async ({ page, server }) => {
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
      await expect(page.locator('html[data-hydrated]')).toBeAttached();
      await expect(page.locator('header [data-chat-slot] button[aria-label="Chat with us"]')).toBeVisible();
      expect(errors, `${path}: takeover errors`).toStrictEqual([]);
    }
  });
});
