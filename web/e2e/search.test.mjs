// Journey: filter stock by make and price on two sites; the URL, the count
// and the facet counts agree, and back restores the previous results.
import { test, expect } from './fixtures.mjs';
import { visit } from './waits.mjs';

const shows = (page) => page.getByText(/^Showing /).first();
const summary = (page) => shows(page).innerText();
// The page keeps the previous hits while the next answer loads, so wait for
// the summary to change rather than for the network.
async function nextSummary(page, previous) {
  await page.waitForFunction(
    (prev) => [...document.querySelectorAll('p,div,span')].some((e) => e.childElementCount === 0 && /^Showing /.test(e.textContent) && e.textContent !== prev),
    previous,
  );
  return summary(page);
}
const shownTotal = (text) => Number(text.match(/of ([\d,]+)/)?.[1].replace(/,/g, '') ?? 0);
// searchNearby opens the site's used cars and searches within km of the
// postcode from the filters; it answers the summary from before.
async function searchNearby(page, server, slug, postcode, km) {
  await visit(page, server.url(slug, '/search/used-cars'));
  const before = await summary(page);
  const filters = page.getByRole('complementary', { name: 'Filters' });
  await filters.getByRole('textbox', { name: 'Near postcode' }).fill(postcode);
  await filters.getByRole('combobox', { name: 'Within' }).selectOption(km);
  await filters.getByRole('button', { name: 'Search nearby' }).click();
  await page.waitForURL((u) => u.searchParams.get('postcode') === postcode && u.searchParams.get('distance') === km);
  return before;
}
// kmsAway is each shown card's distance, in km.
const kmsAway = async (page) =>
  (await page.getByRole('list', { name: 'Search results' }).getByText(/km away/).allInnerTexts()).map((t) => Number(t.replace(/[^\d]/g, '')));

test.describe(() => {
  test.use({ viewport: { width: 1440, height: 1000 } });
  for (const slug of ['summit-motor-group', 'harbourside-toyota']) {
    test(`${slug}: filter by make and price, then back`, async ({ page, server }) => {
      await visit(page, server.url(slug, '/search/used-cars'));
      const before = await summary(page);
      const allUsed = shownTotal(before);
      expect(allUsed > 0, `used cars listed: ${before}`).toBeTruthy();

      const toyota = page.getByRole('checkbox', { name: /^Toyota/ }).first();
      const label = await page.locator('li', { has: toyota }).first().innerText();
      const facetCount = Number(label.match(/\(([\d,]+)\)/)?.[1].replace(/,/g, ''));
      await toyota.click();
      const afterMake = shownTotal(await nextSummary(page, before));
      expect(afterMake > 0 && afterMake <= facetCount, `Toyota count ${afterMake} within facet count ${facetCount}`).toBeTruthy();
      await expect(page).toHaveURL((u) => /refinementList\[make\]\[0\]=Toyota|\/toyota/i.test(decodeURIComponent(u.href)));

      // Price through the URL, as a shared link would carry it.
      const url = new URL(page.url());
      url.searchParams.set('range[price]', '5000:40000');
      await visit(page, url.toString());
      const afterPrice = shownTotal(await summary(page));
      expect(afterPrice <= afterMake, `price filter narrows: ${afterPrice} ≤ ${afterMake}`).toBeTruthy();
      const api = await page.evaluate(
        (q) => fetch(`/api/search?path=${encodeURIComponent(location.pathname)}&${q}`).then((r) => r.json()),
        url.searchParams.toString(),
      );
      expect(api.count, 'the page shows the API count').toBe(afterPrice);
      for (const h of api.hits) {
        expect(h.make).toBe('Toyota');
        expect(h.price >= 5000 && h.price <= 40000, `${h.slug} at ${h.price}`).toBeTruthy();
      }

      const priceSummary = await summary(page);
      await page.goBack();
      expect(shownTotal(await nextSummary(page, priceSummary))).toBe(afterMake);
      await page.goBack();
      // Back again: the listing shows what it first showed.
      await expect(shows(page)).toHaveText(before, { useInnerText: true });
    });
  }

  // A buyer who goes back twice while the reopened listing's code is still
  // on its way has moved the address on within that page: the listing the
  // app shows is the one of the address, not the one the server drew.
  test('summit-motor-group: back twice before the app has come shows the listing of the address', async ({ page, server, consoleErrors }) => {
    await visit(page, server.url('summit-motor-group', '/search/used-cars'));
    const before = await summary(page);
    await page.getByRole('checkbox', { name: /^Toyota/ }).first().click();
    const toyota = await nextSummary(page, before);
    await visit(page, server.url('summit-motor-group', '/finance'));
    let release;
    const held = new Promise((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goBack({ waitUntil: 'commit' });
    await expect(shows(page), 'the server draws the Toyota listing').toHaveText(toyota, { useInnerText: true });
    await page.goBack({ waitUntil: 'commit' });
    // The page is still loading (its code is held), so the address is read
    // from the runner's side.
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe('/search/used-cars');
    release();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await expect(shows(page)).toHaveText(before, { useInnerText: true });
    await expect(page.getByRole('checkbox', { name: /^Toyota/ }).first()).not.toBeChecked();
    // The app drew the page afresh: React found no other page's HTML to take over.
    expect(consoleErrors.filter((e) => e.startsWith('hydration:'))).toEqual([]);
  });
});

test.describe(() => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test('summit-motor-group: the keyword box suggests a listing and opens it from the keyboard', async ({ page, server }) => {
    await page.goto(server.url('summit-motor-group', '/search/used-cars'));
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const box = page.getByRole('combobox', { name: 'Search stock' });
    await box.pressSequentially('corol');
    const first = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first();
    await expect(first).toBeVisible();
    await expect(first).toHaveAttribute('aria-label', /^Toyota Corolla, [\d,]+ cars?$/);
    await expect(first).toHaveText(/^Toyota Corolla\s+[\d,]+ cars?$/, { useInnerText: true });
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    const list = await page.getByRole('listbox', { name: 'Suggestions' }).boundingBox();
    expect(list && list.x >= 0 && list.x + list.width <= 390, `the list fits the phone: ${JSON.stringify(list)}`).toBeTruthy();
    const { suggestions } = await page.evaluate(() => fetch('/api/suggest?q=corol').then((r) => r.json()));
    await box.press('ArrowDown');
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await page.waitForURL((u) => u.pathname === suggestions[0].path);
    await expect(page, 'the typed words are not searched on the chosen listing').toHaveURL((u) => u.search === '');
    await expect(page.getByRole('heading', { level: 1, name: /Corolla/ })).toBeVisible();
  });
});

test('no results shows the texts of docs/behaviour/errors.md', async ({ page, server }) => {
  await visit(page, server.url('summit-motor-group', '/search/used-cars?query=zzzzqqqq'));
  await expect(page.getByText('No results found for your search at this time. Please try adjusting the filters for more results.')).toBeVisible();
  const clear = page.getByRole('link', { name: 'Clear Filters' }).last();
  await expect(clear).toHaveAttribute('href', '/special-offers');
});

test.describe(() => {
  test.use({ viewport: { width: 1440, height: 1000 } });
  test("metro-used-cars: the price slider filters without changing the site's sort", async ({ page, server }) => {
    await visit(page, server.url('metro-used-cars', '/search/used-cars'));
    const before = await summary(page);
    const min = page.getByRole('complementary', { name: 'Filters' }).getByRole('slider', { name: 'Minimum price' });
    await min.focus();
    await min.press('ArrowRight');
    await page.waitForURL(/range(\[|%5B)price(\]|%5D)=5500/);
    await nextSummary(page, before);
    await expect(page, 'a filter adds no sort').toHaveURL((u) => !/sortBy/.test(decodeURIComponent(u.href)));
  });

  // docs/behaviour/http.md#distance: near a postcode within a distance, every
  // card says how far it is and none is farther; nearest first orders them.
  test('summit-motor-group: the distance filter lists the cars near a postcode, nearest first', async ({ page, server }) => {
    const before = await searchNearby(page, server, 'summit-motor-group', '4558', '25');
    const near = await nextSummary(page, before);
    expect(shownTotal(near) > 0 && shownTotal(near) < shownTotal(before), `${near} against ${before}`).toBeTruthy();
    const first = await kmsAway(page);
    expect(first.length > 0 && first.every((km) => km <= 25), first.join(', ')).toBeTruthy();
    await expect(page.getByRole('button', { name: 'Remove filter: Within 25 km of 4558' })).toBeVisible();

    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Nearest first' });
    await page.waitForURL((u) => u.searchParams.get('sortBy') === 'distance_asc');
    await expect(page.locator('ul[aria-label="Search results"]')).toHaveAttribute('aria-busy', 'false');
    const ordered = await kmsAway(page);
    expect(ordered, 'nearest first').toStrictEqual([...ordered].sort((a, b) => a - b));
  });
});

// docs/behaviour/errors.md#no-results-car-search: Enter on a slip the
// suggestions would mend offers their listing on the results page.
test('harbourside-toyota: a typo searched offers "Did you mean" its listing @phone', async ({ page, server }) => {
  await visit(page, server.url('harbourside-toyota', '/search/new-used-and-demo-cars/?query=toyta%20hilx'));
  const empty = page.getByRole('region', { name: 'No results' });
  await expect(empty.getByText(/^Did you mean/)).toBeVisible();
  const none = await summary(page);
  const offered = Number((await empty.getByText(/^Did you mean/).innerText()).match(/\(([\d,]+) /)?.[1].replace(/,/g, ''));
  await empty.getByRole('link', { name: 'Toyota HiLux' }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/search/toyota/hilux'));
  expect(shownTotal(await nextSummary(page, none)), 'the listing shows the cars offered').toBe(offered);
});

// docs/behaviour/http.md#distance: a New Zealand site searches by distance
// from New Zealand postcodes; its dealer is about 0 km from its own (8011).
test('southern-alps-motors: the distance filter takes a New Zealand postcode', async ({ page, server }) => {
  const before = await searchNearby(page, server, 'southern-alps-motors', '8011', '10');
  await expect(page.getByRole('button', { name: 'Remove filter: Within 10 km of 8011' })).toBeVisible();
  expect(shownTotal(await summary(page)), 'every Christchurch car is within 10 km of 8011').toBe(shownTotal(before));
  const kms = await kmsAway(page);
  expect(kms.length > 0 && kms.every((km) => km <= 2), kms.join(', ')).toBeTruthy();
});
