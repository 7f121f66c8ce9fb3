// Journeys: the listing path follows the chosen filters (docs/behaviour/screens.md,
// Routes), reload and back keep them; promo tiles stand at their positions;
// a search page view sends event 49; one URL per listing; the vehicle
// page's breadcrumb fits a phone and leads to its listing; a mistyped make
// is a 404 that offers the listing it meant.
import { test, expect } from './fixtures.mjs';
import { visit, revisit } from './waits.mjs';

const summaryText = (page) => page.getByText(/^Showing /).first();
const summary = (page) => summaryText(page).innerText();
const results = (page) => page.getByRole('list', { name: 'Search results' });
// Waits for the listing to show the answer for the page's current URL.
async function settled(page) {
  await page.waitForFunction(() => {
    const ul = document.querySelector('ul[aria-label="Search results"]');
    return ul && ul.getAttribute('aria-busy') === 'false' && /^Showing [1-9]/.test(document.querySelector('main p[aria-live="polite"]')?.textContent ?? '');
  });
  return summary(page);
}
const promoTiles = (page) =>
  results(page).evaluate((ul) =>
    [...ul.children].flatMap((li, i) => {
      const t = li.querySelector('[data-testid="promo-title"]');
      return t ? [`${i + 1}:${t.textContent}`] : [];
    }),
  );
const cardHeads = (page) => results(page).locator('article h3');
const cardTitles = (page) => cardHeads(page).allInnerTexts();

test.describe(() => {
  test.use({ viewport: { width: 1366, height: 1000 } });
  test('summit-motor-group: Make Toyota then Model HiLux name the path; reload and back keep the listing', async ({ page, server }) => {
    const views = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/events') && JSON.parse(r.postData() ?? '{}').event_id === 49) views.push(page.url());
    });

    await visit(page, server.url('summit-motor-group', '/search/new-used-and-demo-cars/'));
    const all = await settled(page);
    // docs/behaviour/screens.md#search-results: promo cards at their set positions.
    expect(await promoTiles(page)).toStrictEqual(['5:3-Year Protection', '10:Finance from the Summit team']);
    // docs/behaviour/calls.md: event 49, search page view.
    expect(views.length, 'one search page view sent on opening the listing').toBe(1);

    await page.getByRole('list', { name: 'Popular Makes' }).getByRole('checkbox', { name: /^Toyota/ }).click();
    await page.waitForURL((u) => u.pathname === '/search/toyota');
    await page.waitForFunction((prev) => document.querySelector('main p[aria-live="polite"]')?.textContent !== prev, all);
    const toyota = await settled(page);
    await page.getByRole('group', { name: 'Model' }).getByRole('checkbox', { name: /^HiLux/ }).click();
    await page.waitForURL((u) => u.pathname === '/search/toyota/hilux' && u.search === '');
    await page.waitForFunction((prev) => document.querySelector('main p[aria-live="polite"]')?.textContent !== prev, toyota);
    const hilux = await settled(page);
    const hiluxCards = await cardTitles(page);
    expect(hiluxCards.length > 0 && hiluxCards.every((t) => /Toyota HiLux/.test(t)), hiluxCards.join(', ')).toBeTruthy();
    expect(views.length, 'choosing filters is not another page view').toBe(1);

    await revisit(page);
    await settled(page);
    await expect(summaryText(page)).toHaveText(hilux, { useInnerText: true });
    await expect(cardHeads(page)).toHaveText(hiluxCards, { useInnerText: true });
    await expect(page.getByRole('group', { name: 'Model' }).getByRole('checkbox', { name: /^HiLux/ })).toBeChecked();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', server.url('summit-motor-group', '/search/toyota/hilux'));

    // The URL changes on popstate a moment before the page draws that entry's
    // listing, so wait for the drawn summary, not just the URL.
    const shows = (want) => page.waitForFunction((w) => document.querySelector('main p[aria-live="polite"]')?.textContent === w, want);
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/search/toyota');
    await shows(toyota);
    await settled(page);
    await expect(summaryText(page)).toHaveText(toyota, { useInnerText: true });
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/search/new-used-and-demo-cars/');
    await shows(all);
    await settled(page);
    await expect(summaryText(page)).toHaveText(all, { useInnerText: true });

    // The used-car listing keeps the position-5 tile at 5.
    await visit(page, server.url('summit-motor-group', '/search/used-cars'));
    await settled(page);
    expect(await promoTiles(page)).toStrictEqual(['5:3-Year Protection']);

    // One URL per listing: a trailing slash moves for good, query kept.
    const moved = await visit(page, server.url('summit-motor-group', '/search/used-cars/toyota/?page=2'));
    expect(moved.request().redirectedFrom()?.response() && (await moved.request().redirectedFrom().response()).status()).toBe(301);
    await expect(page).toHaveURL((u) => u.pathname + u.search === '/search/used-cars/toyota?page=2');
    expect(moved.status()).toBe(200);

    // A city slug lists that city's cars.
    const noosa = await visit(page, server.url('summit-motor-group', '/search/noosa'));
    expect(noosa.status()).toBe(200);
    await settled(page);
    await expect(summaryText(page)).toHaveText(/^Showing 1–/, { useInnerText: true });

    // A mistyped make is the site's 404, offering the listing it meant, not a retry.
    const typo = await visit(page, server.url('summit-motor-group', '/search/used-cars/toyata'));
    expect(typo.status()).toBe(404);
    expect(await typo.text(), 'the server draws the suggestion').toMatch(/Did you mean/);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByText(/^Did you mean/)).toHaveText('Did you mean Toyota?', { useInnerText: true });
    await expect(page.getByText(/could not be loaded/)).toHaveCount(0);
    await page.getByRole('link', { name: 'Toyota', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/search/used-cars/toyota');
    await settled(page);
  });
});

test.describe(() => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test('vehicle page breadcrumb fits a 390 px phone and leads to its listing; the dealer link and a default sort', async ({ page, server }) => {
    await visit(page, server.url('summit-motor-group', '/search/used-cars/mitsubishi'));
    // The card names the car; its own record names its dealership.
    const car = await page.evaluate(() =>
      fetch('/api/search?path=/search/used-cars/mitsubishi')
        .then((r) => r.json())
        .then((a) => fetch(`/api/cars/${a.hits[0].slug}`))
        .then((r) => r.json())
        .then((d) => d.car),
    );
    await visit(page, server.url('summit-motor-group', `/cars/${car.slug}`));
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs).toBeVisible();
    for (const item of await crumbs.getByRole('listitem').all()) {
      const box = await item.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390, `breadcrumb item ${await item.innerText()} within the screen: ${JSON.stringify(box)}`).toBeTruthy();
    }
    const dealer = page.getByRole('link', { name: 'See more from this dealer' });
    await expect(dealer).toHaveAttribute('href', `/search/${car.dealership_slug}`);

    // docs/behaviour/screens.md: the breadcrumb base /used-car/… stands for the listing.
    const make = crumbs.getByRole('link', { name: 'Mitsubishi' });
    await expect(make).toHaveAttribute('href', '/used-car/mitsubishi');
    await make.click();
    await page.waitForURL((u) => u.pathname === '/search/used-cars/mitsubishi');
    await settled(page);

    // metro-used-cars lists cheapest first without a sortBy (search.default_sort).
    await visit(page, server.url('metro-used-cars', '/search/used-cars'));
    await settled(page);
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_asc');
  });
});

// docs/behaviour/screens.md#search-url: harbourside's default city joins a
// listing URL that names none, on arrival (no redirect) and on a link inside the site;
// taking its chip away lists every city (city=any) and stays so through
// other filters; the tab and the heading name the same listing.
test.describe(() => {
  test.use({ viewport: { width: 1366, height: 1000 } });
  test('harbourside-toyota: the default city joins the listing URL, and its chip takes it away', async ({ page, server }) => {
    await visit(page, server.url('harbourside-toyota', '/search/used-cars'));
    // The page lists Brisbane at once; the app writes it into the address.
    await page.waitForURL((u) => u.pathname === '/search/used-cars/brisbane');
    await settled(page);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText('Used Cars for Sale in Brisbane', { useInnerText: true });
    await expect(page).toHaveTitle('Used Cars for Sale in Brisbane | Harbourside Toyota');

    await page.getByRole('group', { name: 'Active filters' }).getByRole('button', { name: 'Remove filter: Brisbane' }).click();
    await page.waitForURL((u) => u.pathname === '/search/used-cars' && u.search === '?city=any');
    await expect(page.locator('h1').first()).toHaveText('Used Cars for Sale');
    await settled(page);
    await expect(page).toHaveTitle('Used Cars for Sale | Harbourside Toyota');
    await page.getByRole('group', { name: 'Active filters' }).getByRole('button', { name: 'Remove filter: Used' }).click();
    await page.waitForURL((u) => u.pathname === '/search/new-used-and-demo-cars/' && u.search === '?city=any');
    await revisit(page);
    await expect(page, 'a reload keeps every city').toHaveURL((u) => u.search === '?city=any');
    await expect(page.getByRole('group', { name: 'Active filters' }).getByRole('button', { name: 'Remove filter: Brisbane' })).toHaveCount(0);

    // A listing link inside the site gains the city without a page load.
    const link = page.locator('footer a[href="/search/suv"]').first();
    await link.click();
    await page.waitForURL((u) => u.pathname === '/search/suv/brisbane');
    await settled(page);
    await expect(heading).toHaveText('SUV for Sale in Brisbane', { useInnerText: true });
  });
});
