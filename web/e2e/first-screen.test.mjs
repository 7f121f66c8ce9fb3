// Journey: pages arrive drawn, so a visitor sees the page before its script has
// loaded. Without JavaScript the vehicle, results and home pages already show
// their first screen; with it, React takes the same DOM over without a layout
// shift, a console error or a second fetch of the data the page came with.
import { test, expect } from './fixtures.mjs';
import { settledPage } from './waits.mjs';
import http from 'node:http';

const slug = 'summit-motor-group';

// get reads a page or API answer from Node: *.localhost is this machine,
// so the request goes to 127.0.0.1 with the site's Host header.
function get(server, path, site = slug) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port: server.port, path, headers: { Host: `${site}.localhost:${server.port}` } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
  });
}

async function firstHit(server) {
  const body = JSON.parse(await get(server, '/api/search?path=%2Fsearch%2Fnew-used-and-demo-cars%2F'));
  expect(body.hits.length >= 2, 'the demo site lists cars').toBeTruthy();
  return body.hits;
}

// drawn asks for a page until the server answers it drawn: the first
// request for a URL may come back before its render is done (the server
// never keeps a visitor waiting long), and the render is kept for the next.
// No pause between asks: each request joins the render under way and waits
// on it a while, so asking again is waiting on the render itself.
async function drawn(server, path) {
  for (let i = 0; i < 50; i++) {
    const html = await get(server, path);
    if (html.includes('id="query-state"')) return html;
  }
  throw new Error(`${path} never arrived drawn`);
}

// layoutShifts sums the page's layout shifts (as Core Web Vitals counts
// them: not after input) from the start of the load.
const watchShifts = () => {
  window.__shifts = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
};

test.describe(() => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  test('without JavaScript the pages show their first screen', async ({ page, server }) => {
    const hits = await firstHit(server);
    const car = hits[1];
    for (const path of [`/cars/${car.slug}`, '/search/new-used-and-demo-cars/', '/']) await drawn(server, path);
    await page.goto(server.url(slug, `/cars/${car.slug}`));
    await expect(page.getByRole('heading', { level: 1, name: car.name })).toBeVisible({ timeout: 5000 });
    await expect(page.locator('main'), 'the price is shown').toContainText(car.price_display.text, { useInnerText: true });
    const photo = page.locator(`main img[src*="${car.primary_image_url}"]`).first();
    await expect(photo, 'the first photo is shown').toBeVisible();
    expect(await photo.evaluate((img) => img.complete && img.naturalWidth > 0), 'the first photo has loaded').toBeTruthy();

    await page.goto(server.url(slug, '/search/new-used-and-demo-cars/'));
    const cards = page.getByRole('list', { name: 'Search results' }).getByRole('article');
    await expect(cards.nth(1), 'the first cards are there').toBeAttached();
    await expect(cards.first(), 'the first card shows its price').toContainText(hits[0].price_display.text, { useInnerText: true });

    await page.goto(server.url(slug, '/'));
    const banner = page.getByRole('region', { name: 'Featured' });
    await expect(banner, 'the home banner is shown').toBeVisible();
    await expect(banner.locator('img').first(), 'with its picture').not.toHaveAttribute('src', '');
  });
});

test.describe(() => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test('the browser takes a drawn page over without a shift or a refetch', async ({ page, server, consoleErrors }) => {
    const hits = await firstHit(server);
    const car = hits[2];
    const apiGets = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (r.method() === 'GET' && u.pathname.startsWith('/api/')) apiGets.push(u.pathname + u.search);
    });
    await page.addInitScript(watchShifts);
    const settled = settledPage(page);
    for (const [path, own] of [
      [`/cars/${car.slug}`, `/api/cars/${car.slug}`],
      ['/search/new-used-and-demo-cars/', '/api/search?path=%2Fsearch%2Fnew-used-and-demo-cars%2F'],
    ]) {
      await drawn(server, path);
      apiGets.length = 0;
      await page.goto(server.url(slug, path));
      // React has taken over once a click on the page's own controls works:
      // wait for the app to mark itself interactive.
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 15_000 });
      // Every request the page makes is answered: a second fetch of its data
      // would have been asked by now.
      await settled();
      const shifts = await page.evaluate(() => window.__shifts);
      expect(shifts <= 0.02, `${path}: layout shift ${shifts}`).toBeTruthy();
      expect(apiGets.filter((g) => g === own), `${path}: the browser fetched the data the page came with again`).toStrictEqual([]);
    }
    // Every card follows once the page is taken over.
    const cards = page.getByRole('list', { name: 'Search results' }).getByRole('article');
    await expect(page.locator('[aria-label="Search results"] article').nth(6)).toBeAttached();
    await expect(cards.nth(6)).toBeAttached();
    expect(consoleErrors, 'no console errors (a failed takeover logs one)').toStrictEqual([]);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  // docs/behaviour/screens.md#results-reveal: the load lays out the first
  // screen's cards only; the rest follow as the visitor scrolls to them.
  test('the results past the first screen follow as the visitor nears them', async ({ page, server }) => {
    await drawn(server, '/search/new-used-and-demo-cars/');
    await page.goto(server.url(slug, '/search/new-used-and-demo-cars/'));
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 15_000 });
    await settledPage(page)();
    // Six tiles: cards, and a promo where the site places one among them.
    const tiles = page.getByRole('list', { name: 'Search results' }).locator(':scope > li');
    await expect(tiles).toHaveCount(6);
    await tiles.last().scrollIntoViewIfNeeded();
    await expect(tiles.nth(12), 'more than 12 tiles').toBeAttached({ timeout: 10_000 });
  });
});

// holdApp lets the page's first script in and holds every other script
// until release() is called: the page is the server's HTML, with no app.
async function holdApp(page) {
  let release;
  const gate = new Promise((r) => (release = r));
  let first = null;
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    const url = route.request().url();
    first ??= url;
    if (url !== first) await gate;
    await route.continue();
  });
  return () => release();
}

test.describe(() => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('a press and typing made before the app is in are kept', async ({ page, server, consoleErrors }) => {
    const trade = 'harbourside-toyota';
    // The page arrives drawn (asked for until the server has drawn it).
    for (let i = 0; i < 50 && !(await get(server, '/sell-my-car', trade)).includes('id="query-state"'); i++);
    const release = await holdApp(page);
    await page.goto(server.url(trade, '/sell-my-car'), { waitUntil: 'domcontentloaded' });
    const rego = page.getByRole('textbox', { name: /^Rego/ });
    await rego.fill('abc123');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.locator('html'), 'the app was held back').not.toHaveAttribute('data-hydrated', 'true');
    release();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 15_000 });
    // The held press is made once the app is in: the step checks what was
    // typed (kept, and upper-cased by the app) and asks for the state.
    await expect(page.getByText('Please choose the state the car is registered in.')).toBeVisible({ timeout: 10_000 });
    await expect(page.getByText('Please enter the rego', { exact: false }), 'the rego typed before the takeover counts').toHaveCount(0);
    await expect(rego, 'the rego typed before the takeover is kept').toHaveValue(/^abc123$/i);
    expect(consoleErrors, 'no console errors').toStrictEqual([]);
  });
});
