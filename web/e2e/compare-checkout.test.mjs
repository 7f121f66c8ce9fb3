// Journeys: compare and reserve online on summit-motor-group, in real
// Chromium against the real server (docs/behaviour/states.md#favourites-compare,
// docs/behaviour/screens.md#route-checkout). Three cars added from the
// result cards show side by side on /compare with their differences
// marked; the link carries their ids and shows the same cars in another
// browser; a fifth car is refused with the limit named. A car reserved
// through /cars/{slug}/checkout arrives as a `reserve` lead (checked with
// `forecourt leads export`) and fires the offer-accepted event (18). axe
// finds no serious or critical violation on /compare and the checkout page.
import { test, expect, shots } from './fixtures.mjs';
import AxeBuilder from '@axe-core/playwright';
import { openPage, expectSuccess, unique } from './lead-kit.mjs';
import { visit } from './waits.mjs';

const slug = 'summit-motor-group';

// The journeys at a desktop's width; the compare table is seen at a
// phone's too, in the same page.
test.use({ viewport: { width: 1280, height: 900 } });

async function noSeriousViolations(page, what) {
  const a11y = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = a11y.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${what} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toStrictEqual([]);
}

test('summit-motor-group: compare three cars from the results, share the link, and the 4-car limit', async ({ page, browser, server, pageErrors }) => {
  await openPage(page, server, slug, '/search/used-cars');
  const adds = page.getByRole('button', { name: /^Add to compare:/ });
  await expect(adds.first()).toBeVisible();
  await expect(adds.nth(4), 'at least five cards offer compare').toBeAttached();
  for (let i = 0; i < 3; i++) {
    await adds.nth(i).click();
    await expect(adds.nth(i), `card ${i + 1} shows it is in the list`).toHaveAttribute('aria-pressed', 'true');
  }
  const tray = page.getByRole('complementary', { name: 'Compare list' });
  const open = tray.getByRole('link', { name: 'Compare (3)' });
  await expect(open).toBeVisible();
  const ids = await page.evaluate(() => JSON.parse(localStorage.getItem('forecourt:compare')).map((c) => c.id));
  expect(ids.length).toBe(3);

  // The tray hides on request and comes back when the list changes.
  await tray.getByRole('button', { name: 'Hide the compare bar' }).click();
  await expect(tray).not.toBeAttached();
  await adds.nth(3).click();
  await expect(tray.getByRole('link', { name: 'Compare (4)' })).toBeVisible();
  // A fifth car is refused, and the bar says why.
  await adds.nth(4).click();
  await expect(tray.getByRole('status').getByText('You can compare up to 4 cars. Remove one to add another.')).toBeVisible();
  await expect(adds.nth(4), 'the fifth car is not added').toHaveAttribute('aria-pressed', 'false');
  await adds.nth(3).click(); // back to three
  await tray.getByRole('link', { name: 'Compare (3)' }).click();

  await page.waitForURL('**/compare?ids=*');
  const urlIds = new URL(page.url()).searchParams.get('ids');
  expect(urlIds, 'the link carries the three ids in order').toBe(ids.join(','));
  await expect(page.getByRole('heading', { level: 1, name: 'Compare Cars' })).toBeVisible();
  const table = page.getByRole('table');
  const heads = table.getByRole('columnheader');
  await expect(heads.first()).toBeVisible();
  await expect(heads, 'three car columns').toHaveCount(3);
  await expect(heads.getByRole('link'), 'each column links to its car').toHaveCount(3);
  const names = (await heads.getByRole('link').allInnerTexts()).map((s) => s.trim());
  for (const label of ['Price', 'Year', 'Kilometres', 'Body', 'Transmission', 'Fuel', 'Engine', 'Seats', 'Features']) {
    await expect(table.getByRole('rowheader', { name: new RegExp(`^${label}`) })).toBeVisible();
  }
  // Three different cars differ at least in kilometres; equal rows are not marked.
  const kmRow = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^Kilometres/ }) });
  await expect(kmRow, 'the kilometres row is marked as differing').toHaveAttribute('data-differs', 'true');
  const differing = await table.locator('tbody tr[data-differs]').count();
  const all = await table.locator('tbody tr').count();
  await page.getByRole('checkbox', { name: 'Show only differences' }).check();
  // Only the differing rows stay (a group's heading row, Features, stays above its own).
  await expect(table.locator('tbody tr:has(th[scope="row"])'), 'only the differing rows stay').toHaveCount(differing);
  expect(differing >= 1 && differing <= all).toBeTruthy();
  await page.getByRole('checkbox', { name: 'Show only differences' }).uncheck();
  await expect(page.getByRole('complementary', { name: 'Compare list' }), 'no compare bar on /compare itself').toHaveCount(0);
  await noSeriousViolations(page, '/compare');
  if (shots) await page.screenshot({ path: `${shots}/compare-1280.png`, fullPage: true });

  // A phone: the table scrolls sideways and its row headers stay put.
  await page.setViewportSize({ width: 390, height: 844 });
  const region = page.getByRole('region', { name: 'Comparison table' });
  expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth), 'the table scrolls sideways on a phone').toBeTruthy();
  // Two whole cars side by side beside the row names, not one and a part.
  const inView = await region.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return [...el.querySelectorAll('thead th[scope="col"]')].filter((th) => {
      const r = th.getBoundingClientRect();
      return r.left >= box.left - 1 && r.right <= box.right + 1;
    }).length;
  });
  expect(inView, 'whole cars in view on a phone').toBe(2);
  const header = table.getByRole('rowheader', { name: /^Price/ });
  const before = await header.boundingBox();
  await region.evaluate((el) => el.scrollBy(300, 0));
  await page.waitForFunction(() => document.querySelector('[aria-label="Comparison table"]').scrollLeft > 0);
  const after = await header.boundingBox();
  expect(Math.round(after.x), 'the row header is sticky').toBe(Math.round(before.x));
  if (shots) await page.screenshot({ path: `${shots}/compare-390.png` });

  // Shared: another browser with an empty list opens the same cars (a
  // second visitor: a context of its own, with nothing stored).
  const other = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const p2 = await other.newPage();
  const res = await visit(p2, server.url(slug, `/compare?ids=${urlIds}`));
  expect(res.status()).toBe(200);
  const heads2 = p2.getByRole('table').getByRole('columnheader');
  await expect(heads2.first()).toBeVisible();
  await expect(heads2.getByRole('link'), 'the same cars in the same order').toHaveText(names, { useInnerText: true });
  // Remove one: the link follows.
  await p2.getByRole('button', { name: `Remove ${names[0]} from compare` }).first().click();
  await p2.waitForURL((u) => u.searchParams.get('ids') === ids.slice(1).join(','));
  await expect(p2.locator('table thead th')).toHaveCount(2);
  await other.close();

  expect(pageErrors).toStrictEqual([]);
});

test('summit-motor-group: favourite a car from its page, see the toast, and find it on /favourites and under Recently viewed', async ({ page, server, pageErrors }) => {
  await openPage(page, server, slug, '/search/used-cars');
  const { hits = [] } = await page.evaluate(() => fetch('/api/search?path=/search/used-cars').then((r) => r.json()));
  const car = hits.find((h) => h.available);
  expect(car, 'an available used car').toBeTruthy();
  await visit(page, server.url(slug, `/cars/${car.slug}`));
  const summary = page.getByRole('complementary', { name: /summary$/ });
  await summary.getByRole('button', { name: /^Favourite / }).click();
  const toast = page.getByTestId('toast');
  await expect(toast.getByText('Car Saved In Favourites')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Favourites (1)' })).toBeVisible();
  await toast.getByRole('link', { name: 'View List' }).click();
  await page.waitForURL('**/favourites');
  await expect(page.getByRole('heading', { level: 1, name: 'Favourites' })).toBeVisible();
  const href = `/cars/${car.slug}`;
  const favs = page.getByRole('region', { name: 'Your favourites' });
  await expect(favs.locator(`a[href="${href}"]`)).toBeVisible();
  await expect(favs.getByRole('button', { name: /^Remove .+ from favourites$/ })).toBeVisible();
  const viewed = page.getByRole('region', { name: 'Recently viewed' });
  await expect(viewed.locator('a').first(), 'the car heads the recently viewed list').toHaveAttribute('href', href);
  if (shots) await page.screenshot({ path: `${shots}/favourites-1280.png`, fullPage: true });
  expect(pageErrors).toStrictEqual([]);
});

test('summit-motor-group: reserve an eligible car through checkout to /success and the reserve lead', async ({ page, server, pageErrors }) => {
  await openPage(page, server, slug, '/search/used-cars');
  const { hits = [] } = await page.evaluate(() => fetch('/api/search?path=/search/used-cars').then((r) => r.json()));
  // The site's strict rule: in stock, not reserved, price above 200, not test-drive-only.
  const car = hits.find((h) => h.status === 'in_stock' && !h.reserved && h.price > 200 && !/test drive only/i.test(h.tag?.label ?? ''));
  expect(car, 'a reservable used car').toBeTruthy();

  await visit(page, server.url(slug, `/cars/${car.slug}`));
  const summary = page.getByRole('complementary', { name: /summary$/ });
  // The vehicle page's compare button says what it does.
  const compare = summary.getByRole('button', { name: /^Add .+ to compare$/ });
  await compare.click();
  await expect(summary.getByRole('button', { name: /^Remove .+ from compare$/, pressed: true })).toBeVisible();

  await summary.getByRole('link', { name: 'Reserve Now' }).click();
  await page.waitForURL(`**/cars/${car.slug}/checkout`);
  await expect(page.getByRole('heading', { level: 1, name: 'Reserve Your Car' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Reserve Your Car' });
  await expect(form).toBeVisible();
  // Summit's own deposit wording, and one plain answer to how it is paid:
  // the dealer takes it; nothing is charged here, no card brands suggest otherwise.
  await expect(page.getByTestId('reserve-deposit')).toContainText(/\$500 deposit/, { useInnerText: true });
  await expect(page.getByTestId('deposit-payment')).toContainText(/^Nothing is charged on this website\. After you send this request, Summit Motor Group contacts you to take the \$500 deposit by card over the phone or by bank transfer\.$/, { useInnerText: true });
  await expect(page.getByRole('main').getByRole('list', { name: 'Payment methods' })).toHaveCount(0);
  await expect(page.getByTestId('return-terms'), 'summit makes no return offer').toHaveCount(0);
  await noSeriousViolations(page, '/cars/{slug}/checkout');

  // The terms box must be ticked.
  const email = unique('reserve');
  await form.getByRole('textbox', { name: /first name/i }).fill('Jo');
  await form.getByRole('textbox', { name: /last name/i }).fill('Buyer');
  await form.getByRole('textbox', { name: /email/i }).fill(email);
  await form.getByRole('textbox', { name: /mobile/i }).fill('0412 345 678');
  await form.getByRole('textbox', { name: /postcode/i }).fill('4000');
  await form.getByRole('button', { name: 'Reserve Now' }).click();
  await expect(form.getByText('*You must agree to the terms of use before submitting.').first()).toBeVisible();
  await form.getByRole('checkbox', { name: /agree to the terms/i }).check();
  if (shots) await page.screenshot({ path: `${shots}/checkout-1280.png`, fullPage: true });
  const offerAccepted = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/events' && JSON.parse(r.postData() || '{}').event_id === 18);
  await form.getByRole('button', { name: 'Reserve Now' }).click();
  const lead = await expectSuccess(page, server, slug, email, 'reserve');
  expect(lead.car_id).toBe(String(car.id));
  await expect(page.getByText('Your reservation request has been sent')).toBeVisible();
  const event = JSON.parse((await offerAccepted).postData());
  expect(event.car_id, 'offer accepted (18) names the car').toBe(car.id);

  // The visitor's request does not reserve the car: the dealer confirms.
  const after = await page.evaluate((s) => fetch(`/api/cars/${s}`).then((r) => r.json()), car.slug);
  expect(after.car.reserved, 'the car is not marked reserved by the visitor').toBe(false);
  expect(pageErrors).toStrictEqual([]);
});

test('a sold car offers no checkout form; southern-alps-motors buys online one way', async ({ page, server, pageErrors }) => {
  await openPage(page, server, slug, '/search/used-cars');
  // A sold car still listed (within the sold window), from any results page.
  const sold = await page.evaluate(async () => {
    for (let p = 1; p <= 30; p++) {
      const { hits = [] } = await fetch(`/api/search?path=/search/new-used-and-demo-cars/&page=${p}`).then((r) => r.json());
      const car = hits.find((h) => !h.available);
      if (car || hits.length === 0) return car;
    }
  });
  expect(sold, 'a sold car is listed').toBeTruthy();
  await visit(page, server.url(slug, `/cars/${sold.slug}/checkout`));
  await expect(page.getByRole('heading', { name: 'This car cannot be reserved online' })).toBeVisible();
  await expect(page.getByRole('form'), 'no form for a sold car').toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to the car' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^See similar / })).toBeVisible();

  // A site without the compare page answers its 404 for /compare.
  const res = await page.goto(server.url('harbourside-toyota', '/compare'), { waitUntil: 'load' });
  expect(res.status()).toBe(404);

  // Southern Alps buys online: /cars/{slug}/buy-online is the car page's one
  // way to buy online (no second, near-identical purchase form).
  const alps = 'southern-alps-motors';
  await visit(page, server.url(alps, '/search/used-cars'));
  const { hits: ah = [] } = await page.evaluate(() => fetch('/api/search?path=/search/used-cars').then((r) => r.json()));
  const car = ah.find((h) => h.available && !h.reserved && !/test drive only/i.test(h.tag?.label ?? ''));
  expect(car, 'an available car on southern-alps-motors').toBeTruthy();
  await visit(page, server.url(alps, `/cars/${car.slug}`));
  const summary = page.getByRole('complementary', { name: /summary$/ });
  await expect(summary.getByRole('link', { name: 'Buy Online' })).toBeVisible();
  await expect(summary.getByRole('link', { name: 'Start Online Purchase' }), 'one way to buy online').toHaveCount(0);
  await summary.getByRole('link', { name: 'Buy Online' }).click();
  await page.waitForURL(`**/cars/${car.slug}/buy-online`);
  await expect(page.getByRole('form', { name: 'Buy Online' }).getByRole('button', { name: 'Start Buying Online' })).toBeVisible();
  await expect(page.getByTestId('reserve-deposit'), 'the default deposit text').toContainText(/\$200 deposit/, { useInnerText: true });
  const journey = await page.goto(server.url(alps, `/checkout-journey?car_id=${car.slug}`), { waitUntil: 'load' });
  expect(journey.status(), 'the second purchase form is gone').toBe(404);
  // Summit offers no buy-online page: its 404.
  const none = await page.goto(server.url(slug, `/cars/${sold.slug}/buy-online`), { waitUntil: 'load' });
  expect(none.status()).toBe(404);
  expect(pageErrors).toStrictEqual([]);
});

test('metro-used-cars: checkout asks a signed-out buyer to sign in and comes back to the car', async ({ page, server, pageErrors }) => {
  const metro = 'metro-used-cars';
  await openPage(page, server, metro, '/search/used-cars');
  const { hits = [] } = await page.evaluate(() => fetch('/api/search?path=/search/used-cars').then((r) => r.json()));
  const car = hits.find((h) => h.status === 'in_stock' && !h.reserved && h.price > 200);
  expect(car, 'a reservable used car').toBeTruthy();
  const path = `/cars/${car.slug}/checkout`;
  await page.goto(server.url(metro, path));
  // docs/behaviour/states.md#gated-routes: purpose, redirect and back.
  await page.waitForURL((u) => u.pathname === '/sign-in');
  const url = new URL(page.url());
  expect(url.searchParams.get('type')).toBe('checkout');
  expect(url.searchParams.get('redirect')).toBe(path);
  expect(url.searchParams.get('back')).toBe(path);
  await expect(page.getByRole('form', { name: 'Reserve Your Car' }), 'no checkout form before sign-in').toHaveCount(0);

  const seen = server.codeCount();
  await page.getByRole('textbox', { name: /Mobile number/ }).fill('0412 555 019');
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = await server.nextCode(seen, metro);
  await page.getByRole('textbox', { name: /Verification code/ }).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL((u) => u.pathname === path);
  const form = page.getByRole('form', { name: 'Reserve Your Car' });
  await expect(form).toBeVisible();
  // The signed-in buyer's mobile is filled in.
  const mobile = form.getByRole('textbox', { name: /mobile/i });
  await expect(mobile).toHaveValue('0412 555 019');
  expect(pageErrors).toStrictEqual([]);
});
