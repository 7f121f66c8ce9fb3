// Journeys: the model pages on two new-car sites, in real Chromium against
// the real server. /models and its body filter, a model's page (variants as
// slider or rows, the colour viewer's wrap-around arrows and variant reset),
// order now sending a quote request that the store keeps (checked with
// `forecourt leads export`), /brands and a brand's overview, and the site's
// 404 for a model or brand it does not sell. axe finds no serious or
// critical violation on these page types.
import { test, expect } from './fixtures.mjs';
import AxeBuilder from '@axe-core/playwright';
import { leadKit, fillContact, unique } from './lead-kit.mjs';

let server;
let browser;
test.beforeAll(({ server: s, browser: b }) => {
  server = s;
  browser = b;
});

const { expectSuccess } = leadKit(() => ({ server, browser }));

async function open(slug) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 404/.test(m.text())) errors.push(m.text());
  });
  const go = async (path, status = 200) => {
    const res = await page.goto(server.url(slug, path), { waitUntil: 'load' });
    expect(res.status(), `${slug}${path} answers ${status}`).toBe(status);
  };
  return { context, page, errors, go };
}

async function noSeriousViolations(page, what) {
  const a11y = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = a11y.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${what} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toStrictEqual([]);
}

test('harbourside-toyota: /models by body, the HiLux page, order now and an unknown model', async () => {
  const { context, page, errors, go } = await open('harbourside-toyota');
  await go('/models');
  await page.getByRole('heading', { level: 1, name: 'New Models' }).waitFor();
  await page.getByRole('main').getByRole('link', { name: 'Corolla' }).waitFor();
  await noSeriousViolations(page, '/models');

  // docs/behaviour/screens.md: /models?body= lowercase, spaces as hyphens.
  await page.getByRole('navigation', { name: 'Body types' }).getByRole('link', { name: 'Ute' }).click();
  await page.waitForURL('**/models?body=ute');
  await page.getByRole('heading', { level: 1, name: 'New Ute Models' }).waitFor();
  expect(await page.getByRole('main').getByRole('link', { name: 'Corolla' }).count(), 'the ute filter leaves the Corolla out').toBe(0);

  await page.getByRole('main').getByRole('link', { name: 'HiLux' }).click();
  await page.waitForURL('**/models/hilux');
  // Five variants: a slider with arrows (docs/behaviour/screens.md and docs/behaviour/constants.md).
  await page.getByRole('heading', { name: 'Which HiLux will you choose?' }).waitFor();
  expect(await page.title()).toBe('Toyota HiLux | Harbourside Toyota');
  await page.getByRole('button', { name: 'Next variants' }).waitFor();

  // The colour viewer: body-type row (3 cab types, over 15 colours), wrap-around arrows.
  const bodies = page.getByRole('group', { name: 'Body type' });
  expect(await bodies.getByRole('button').allInnerTexts()).toStrictEqual(['Dual Cab', 'Extra Cab', 'Single Cab']);
  const colourName = page.getByTestId('colour-name').locator('span').first();
  const swatches = page.getByRole('list', { name: 'Colours' }).getByRole('button');
  const first = await colourName.innerText();
  const n = await swatches.count();
  await page.getByRole('button', { name: 'Previous colour' }).click();
  expect(await colourName.innerText(), 'previous from the first colour wraps to the last').toBe((await swatches.nth(n - 1).innerText()).trim());
  await page.getByRole('button', { name: 'Next colour' }).click();
  expect(await colourName.innerText(), 'next from the last wraps to the first').toBe(first);
  await page.getByRole('button', { name: 'Next colour' }).click();
  await bodies.getByRole('button', { name: 'Extra Cab' }).click();
  await page.getByTestId('colour-name').filter({ hasText: /^.+1 of \d+ colours for .*Extra Cab$/ }).waitFor();
  // The embedded views: a tab per frame of the site's own media.
  await page.getByRole('tab', { name: 'Walkaround', selected: true }).waitFor();
  expect(await page.locator('iframe[title="HiLux: Walkaround"]').getAttribute('src')).toMatch(/^\/media\//);
  await noSeriousViolations(page, '/models/hilux');

  // Order now from the first variant card (docs/behaviour/screens.md's parameters).
  const order = page.getByRole('link', { name: /^Order Now\W+Toyota HiLux/ }).first();
  const vehicle = (await order.textContent()).replace(/^Order Now:\s*/, '').trim();
  await order.click();
  await page.waitForURL('**/models/order-now?**');
  const q = new URL(page.url()).searchParams;
  expect(q.get('model_id')).toBe('hilux');
  expect(q.get('model_name')).toBe('HiLux');
  expect(q.get('vehicle')).toBe(vehicle);
  await page.getByRole('heading', { level: 1, name: `Order Now: ${vehicle}` }).waitFor();
  const form = page.getByRole('form', { name: 'Order Now' });
  await noSeriousViolations(page, '/models/order-now');
  const email = unique('order-now');
  await fillContact(form, { email });
  await form.getByRole('button', { name: 'Request a Quote' }).click();
  const lead = await expectSuccess(page, 'harbourside-toyota', email, 'enquiry');
  expect(lead.message.includes(vehicle), `the lead names the variant: ${lead.message}`).toBeTruthy();

  // A model the site does not sell is the site's 404.
  await go('/models/cx-5', 404);
  await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
  expect(errors).toStrictEqual([]);
  await context.close();
});

test('summit-motor-group: /brands, a brand overview, rows and the one-variant heading, and a brand it does not sell', async () => {
  const { context, page, errors, go } = await open('summit-motor-group');
  await go('/brands');
  await page.getByRole('heading', { level: 1, name: 'Our Brands' }).waitFor();
  const brands = page.getByRole('main').getByRole('listitem');
  await brands.first().waitFor();
  expect((await brands.locator('span.font-semibold').allInnerTexts()).map((s) => s.trim())).toStrictEqual(['Mazda', 'Subaru', 'Hyundai', 'Kia', 'Ford', 'Nissan']);
  // Every make shows its logo (or its name when the logo fails): once each
  // picture has settled, loaded or not, none is broken.
  await page.waitForFunction(() => [...document.querySelectorAll('main li img')].every((el) => el.complete), null, { timeout: 15_000 });
  for (const img of await brands.locator('img').all()) {
    expect(await img.evaluate((el) => el.complete && el.naturalWidth > 0), 'logo loaded').toBeTruthy();
  }
  await noSeriousViolations(page, '/brands');

  await page.getByRole('main').getByRole('link', { name: /^Kia/ }).click();
  await page.waitForURL('**/kia/overview');
  await page.getByRole('heading', { level: 1, name: 'Kia Overview' }).waitFor();
  await page.getByRole('main').getByRole('link', { name: 'Carnival' }).click();
  await page.waitForURL('**/models/carnival');
  // Two variants: rows, no slider.
  await page.getByRole('heading', { name: 'Which Carnival will you choose?' }).waitFor();
  await page.getByTestId('variant-rows').waitFor();
  expect(await page.getByTestId('variant-slider').count()).toBe(0);

  // One variant: '{model} Features'.
  await go('/models/picanto');
  await page.getByRole('heading', { name: 'Picanto Features' }).waitFor();

  await go('/toyota/overview', 404);
  await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
  expect(errors).toStrictEqual([]);
  await context.close();
});
