// Journey: buyers' accounts on summit-motor-group
// (docs/behaviour/screens.md#route-sign-in, docs/behaviour/states.md#watchlist,
// docs/behaviour/states.md#gated-routes, docs/behaviour/roles.md#gated-routes).
// A signed-out visit to /my-garage lands on sign-in and comes back after the
// code from the server's log; a car saved from its page shows the toast, View
// List leads to it, the garage lists it; sign out ends the session, and a
// session of one site is nothing on another. Sign-in and the garage pass axe
// with no serious or critical violation.
import { test, expect, shots, root, startServer } from './fixtures.mjs';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';

const slug = 'summit-motor-group';
const phone = '0412 345 678';

async function axe(page, where) {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `${where} has no serious accessibility violation`).toStrictEqual([]);
}

// inPage calls the site's API from the page (its origin, its cookies).
async function inPage(page, path) {
  return page.evaluate(async (p) => {
    const r = await fetch(p, { headers: { Accept: 'application/json' } });
    const text = await r.text();
    return { status: r.status, body: text ? JSON.parse(text) : null };
  }, path);
}

// rawGet asks the server for path as host, sending cookie, from outside
// any browser.
function rawGet(server, host, path, cookie) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path, headers: { Host: `${host}:${server.port}`, Cookie: cookie } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', reject);
    req.end();
  });
}

async function availableCars(page) {
  const res = await inPage(page, '/api/search?path=%2Fsearch%2Fused-cars');
  expect(res.status).toBe(200);
  return res.body.hits.filter((h) => h.available);
}

// Each journey signs in with its own number (sends are limited per number),
// on the server that sent the page.
async function signIn(page, on, number = phone) {
  const seen = on.codeCount();
  await page.getByRole('textbox', { name: /Mobile number/ }).fill(number);
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = await on.nextCode(seen, slug);
  expect(code).toMatch(/^\d{6}$/);
  const input = page.getByRole('textbox', { name: /Verification code/ });
  await input.fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

test(`${slug}: sign in from the garage, save a car, see it listed, sign out`, async ({ page, context, server }) => {

  // Signed out, the garage sends the visitor to sign-in with its purpose.
  await page.goto(server.url(slug, '/my-garage'));
  await page.waitForURL(/\/sign-in\?/);
  const at = new URL(page.url());
  expect(at.searchParams.get('type')).toBe('my-garage');
  expect(at.searchParams.get('redirect')).toBe('/my-garage');
  expect(at.searchParams.get('back')).toBe('/my-garage');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to My Garage' })).toBeVisible();
  await axe(page, '/sign-in');
  if (shots) await page.screenshot({ path: `${shots}/account-sign-in.png` });

  // The code from the server's log signs in and returns to the garage.
  await signIn(page, server);
  await page.waitForURL((u) => u.pathname === '/my-garage');
  await expect(page.getByRole('heading', { level: 1, name: 'My Garage' })).toBeVisible();
  await expect(page.getByText('Signed in as 0412 345 678')).toBeVisible();
  await expect(page.getByText('Your watchlist is empty.')).toBeVisible();
  // A car the site shows and sells: the first available used car.
  const [car] = await availableCars(page);
  expect(car, 'the listing has an available car').toBeTruthy();

  // Save the car from its page: the toast, then View List.
  await page.goto(server.url(slug, `/cars/${car.slug}`));
  const sidebar = page.getByTestId('vehicle-sidebar');
  const save = sidebar.getByRole('button', { name: /^Save .+ to watchlist$/ });
  await expect(save).toBeVisible();
  await expect(save).toHaveAttribute('aria-pressed', 'false');
  await save.click();
  const remove = sidebar.getByRole('button', { name: /^Remove .+ from watchlist$/ });
  await expect(remove).toBeVisible();
  await expect(remove).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Car Saved In Watchlist')).toBeVisible();
  expect((await inPage(page, '/api/watchlist')).body.car_ids, 'the server keeps the saved car').toStrictEqual([car.id]);
  await page.getByRole('link', { name: 'View List' }).click();
  await page.waitForURL((u) => u.pathname === '/watchlist');
  await expect(page.getByRole('heading', { level: 1, name: 'Watchlist' })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(`${car.year} ${car.make} ${car.model}`) }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /from watchlist$/ }), 'the saved car, with its remove button').toHaveCount(1);

  // The garage shows it too.
  await page.getByRole('link', { name: 'Go to My Garage' }).click();
  await page.waitForURL((u) => u.pathname === '/my-garage');
  const list = page.getByRole('region', { name: 'Watchlist' });
  await expect(list.getByRole('link', { name: new RegExp(`${car.year} ${car.make} ${car.model}`) }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Saved searches' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Enquiries sent' })).toBeVisible();

  // A saved search's text alert, changed in the garage, is kept after a
  // reload (docs/behaviour/http.md#saved-search-alerts).
  const saved = await page.evaluate(async () => {
    const r = await fetch('/api/saved-searches', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ name: 'Used cars', path: '/search/used-cars', query: '' }),
    });
    return { status: r.status, body: await r.json() };
  });
  expect(saved.status).toBe(201);
  expect(saved.body.search.alert, 'a new saved search texts daily').toBe('daily');
  await page.reload();
  const alertSelect = page.getByRole('combobox', { name: 'Text alerts for Used cars' });
  await expect(alertSelect).toBeVisible();
  await expect(alertSelect).toHaveValue('daily');
  const patched = page.waitForResponse((r) => r.request().method() === 'PATCH' && new URL(r.url()).pathname === `/api/saved-searches/${saved.body.search.id}`);
  await alertSelect.selectOption('instant');
  expect((await patched).status()).toBe(204);
  await page.reload();
  await expect(alertSelect).toBeVisible();
  await expect(alertSelect, 'the alert setting persists').toHaveValue('instant');
  await expect(page.getByRole('checkbox', { name: 'Text me when a car on my watchlist drops in price' })).toBeVisible();
  await axe(page, '/my-garage');
  if (shots) await page.screenshot({ path: `${shots}/account-garage.png`, fullPage: true });

  // The session cookie is this site's only: another site's host says 401.
  const cookie = (await context.cookies(server.url(slug, '/'))).find((c) => c.name === 'forecourt_session');
  expect(cookie, 'the session cookie is set').toBeTruthy();
  expect(cookie.httpOnly).toBe(true);
  const sent = `${cookie.name}=${cookie.value}`;
  expect(await rawGet(server, `${slug}.localhost`, '/api/me', sent), 'the cookie is a live session on its own site').toBe(200);
  expect(await rawGet(server, 'harbourside-toyota.localhost', '/api/me', sent)).toBe(401);

  // Sign out from the garage: home, and the session is over.
  await page.getByRole('button', { name: 'Sign out' }).click();
  // The path is what is checked, not the home page's pictures loading.
  await page.waitForURL((u) => u.pathname === '/', { waitUntil: 'domcontentloaded' });
  expect((await inPage(page, '/api/me')).status).toBe(401);
  expect(await rawGet(server, `${slug}.localhost`, '/api/me', sent), 'the ended session is over for any client').toBe(401);
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
});

test(`${slug}: a signed-out save goes through sign-in and the car is saved on return`, async ({ page, server }) => {
  await page.goto(server.url(slug, '/'));
  const car = (await availableCars(page))[1];
  await page.goto(server.url(slug, `/cars/${car.slug}`));
  await page.getByTestId('vehicle-sidebar').getByRole('button', { name: /^Save .+ to watchlist$/ }).click();
  await page.waitForURL(/\/sign-in\?/);
  expect(new URL(page.url()).searchParams.get('type')).toBe('watchlist');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to save this car' })).toBeVisible();
  await signIn(page, server, '0412 345 679');
  await page.waitForURL((u) => u.pathname === `/cars/${car.slug}`);
  await expect(page.getByText('Car Saved In Watchlist')).toBeVisible();
  await expect(page.getByTestId('vehicle-sidebar').getByRole('button', { name: /^Remove .+ from watchlist$/ })).toBeVisible();
  expect((await inPage(page, '/api/watchlist')).body.car_ids.includes(car.id), 'the car waiting from before sign-in is saved').toBeTruthy();
});

test(`${slug}: Spin to Win is behind sign-in and its entry is a contact lead the garage lists`, async ({ page, server }) => {
  const posts = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/leads') posts.push(r.postDataJSON());
  });
  await page.goto(server.url(slug, '/spin-to-win'));
  await page.waitForURL(/\/sign-in\?/);
  expect(new URL(page.url()).searchParams.get('type')).toBe('spin-to-win');
  await signIn(page, server, '0412 345 680');
  await page.waitForURL((u) => u.pathname === '/spin-to-win');
  await expect(page.getByRole('heading', { level: 1, name: 'Spin to Win' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How the draw works' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Spin to Win' });
  const email = `spin-${Date.now().toString(36)}@example.com`;
  await form.getByRole('textbox', { name: /first name/i }).fill('Jo');
  await form.getByRole('textbox', { name: /last name/i }).fill('Citizen');
  await form.getByRole('textbox', { name: /email/i }).fill(email);
  await form.getByRole('textbox', { name: /mobile/i }).fill('0412 345 680');
  await form.getByRole('textbox', { name: /postcode/i }).fill('4000');
  for (const select of await form.getByRole('combobox').all()) {
    const value = await select.evaluate((s) => [...s.options].find((o) => o.value)?.value ?? '');
    if (value) await select.selectOption(value);
  }
  await form.getByRole('textbox', { name: /message/i }).fill('Please enter me in the draw.');
  await form.getByRole('checkbox', { name: /terms/i }).check();
  await form.getByRole('button', { name: 'Enter the draw' }).click();
  await page.waitForURL('**/success', { timeout: 15_000 });
  expect(posts.length).toBe(1);
  expect(posts[0].category).toBe('contact');
  expect(posts[0].subcategory).toBe('Spin to Win');

  // The garage lists the entry among the enquiries sent while signed in.
  await page.goto(server.url(slug, '/my-garage'));
  const sent = page.getByRole('region', { name: 'Enquiries sent' });
  await expect(sent.getByRole('cell', { name: 'Spin to Win' })).toBeVisible();

  // Online payment says plainly that the site takes no card payment.
  await page.goto(server.url(slug, '/online-payment'));
  await expect(page.getByText('Card payments are not taken on this website.', { exact: false })).toBeVisible();
  const methods = page.getByRole('main').getByRole('list', { name: 'Payment methods' });
  for (const m of ['Mastercard', 'Visa', 'Maestro', 'Google Pay', 'Apple Pay']) await expect(methods).toContainText(new RegExp(m), { useInnerText: true });
});

// A site may put its finance pages behind sign-in (features.finance_sign_in).
// None of the demo sites does, so this journey serves a copy of the demo
// configs with summit's finance gated: a signed-out buyer opening /finance
// is asked to sign in and comes back to it; signed in, opening /finance
// directly (a bookmark, a new tab) shows the page at once, never sign-in.
// gated is a server of its own, on a copy of the demo configs with
// summit's finance pages behind sign-in.
const gatedTest = test.extend({
  // The empty pattern: the runner reads what a fixture needs from it.
  gated: async ({}, use) => {
    const dir = mkdtempSync(join(tmpdir(), 'forecourt-tenants-'));
    try {
      cpSync(join(root, 'tenants'), dir, { recursive: true });
      const file = join(dir, `${slug}.yaml`);
      const yaml = readFileSync(file, 'utf8');
      expect(yaml).toMatch(/^features:\n/m);
      writeFileSync(file, yaml.replace(/^features:\n/m, 'features:\n  finance_sign_in: true\n'));
      const gated = await startServer(['--tenants', dir, '--demo']);
      try {
        await use(gated);
      } finally {
        await gated.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
});

gatedTest.describe(() => {
  gatedTest.use({ viewport: { width: 390, height: 844 } });
  gatedTest(`${slug} with finance behind sign-in: a signed-in buyer opens /finance directly`, async ({ page, context, gated }) => {
    await page.goto(gated.url(slug, '/finance'));
    await page.waitForURL(/\/sign-in\?/);
    expect(new URL(page.url()).searchParams.get('type')).toBe('finance');
    await signIn(page, gated, '0412 345 681');
    await page.waitForURL((u) => u.pathname === '/finance');
    await expect(page.getByRole('form', { name: 'Finance Enquiry' })).toBeVisible();
    // Opened again from nothing, in a second tab: the session is known, the
    // page stays.
    const again = await context.newPage();
    const visited = [];
    again.on('framenavigated', (f) => f === again.mainFrame() && visited.push(new URL(f.url()).pathname));
    await again.goto(gated.url(slug, '/finance'));
    await expect(again.getByRole('form', { name: 'Finance Enquiry' })).toBeVisible();
    await expect(again.locator('html[data-hydrated]')).toBeAttached();
    expect(new URL(again.url()).pathname, 'a signed-in buyer stays on /finance').toBe('/finance');
    expect(!visited.includes('/sign-in'), `a signed-in buyer is never sent to sign-in (went ${visited.join(' → ')})`).toBeTruthy();
  });
});
