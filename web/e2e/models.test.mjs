// Journeys: the model pages on two new-car sites, in real Chromium against
// the real server. /models and its body filter, a model's page (variants as
// slider or rows, the colour viewer's wrap-around arrows and variant reset),
// order now sending a quote request that the store keeps (checked with
// `forecourt leads export`), /brands and a brand's overview, and the site's
// 404 for a model or brand it does not sell. axe finds no serious or
// critical violation on these page types.
import { test, expect } from './fixtures.mjs';
import AxeBuilder from '@axe-core/playwright';
import { expectSuccess, fillContact, unique } from './lead-kit.mjs';

// open watches the journey's page for errors (a 404's own log line aside)
// and answers them, with go: a visit to a path of the site that answers
// status.
function open(page, server, slug) {
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 404/.test(m.text())) errors.push(m.text());
  });
  const go = async (path, status = 200) => {
    const res = await page.goto(server.url(slug, path), { waitUntil: 'load' });
    expect(res.status(), `${slug}${path} answers ${status}`).toBe(status);
  };
  return { errors, go };
}

async function noSeriousViolations(page, what) {
  const a11y = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = a11y.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${what} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toStrictEqual([]);
}

test('harbourside-toyota: /models by body, the HiLux page, order now and an unknown model', async ({ page, server }) => {
  const { errors, go } = open(page, server, 'harbourside-toyota');
  await go('/models');
  await expect(page.getByRole('heading', { level: 1, name: 'New Models' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Corolla' })).toBeVisible();
  await noSeriousViolations(page, '/models');

  // docs/behaviour/screens.md: /models?body= lowercase, spaces as hyphens.
  await page.getByRole('navigation', { name: 'Body types' }).getByRole('link', { name: 'Ute' }).click();
  await page.waitForURL('**/models?body=ute');
  await expect(page.getByRole('heading', { level: 1, name: 'New Ute Models' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Corolla' }), 'the ute filter leaves the Corolla out').toHaveCount(0);

  await page.getByRole('main').getByRole('link', { name: 'HiLux' }).click();
  await page.waitForURL('**/models/hilux');
  // Five variants: a slider with arrows (docs/behaviour/screens.md and docs/behaviour/constants.md).
  await expect(page.getByRole('heading', { name: 'Which HiLux will you choose?' })).toBeVisible();
  await expect(page).toHaveTitle('Toyota HiLux | Harbourside Toyota');
  await expect(page.getByRole('button', { name: 'Next variants' })).toBeVisible();

  // The colour viewer: body-type row (3 cab types, over 15 colours), wrap-around arrows.
  const bodies = page.getByRole('group', { name: 'Body type' });
  await expect(bodies.getByRole('button')).toHaveText(['Dual Cab', 'Extra Cab', 'Single Cab'], { useInnerText: true });
  const colourName = page.getByTestId('colour-name').locator('span').first();
  const swatches = page.getByRole('list', { name: 'Colours' }).getByRole('button');
  const first = await colourName.innerText();
  const n = await swatches.count();
  await page.getByRole('button', { name: 'Previous colour' }).click();
  await expect(colourName, 'previous from the first colour wraps to the last').toHaveText((await swatches.nth(n - 1).innerText()).trim(), { useInnerText: true });
  await page.getByRole('button', { name: 'Next colour' }).click();
  await expect(colourName, 'next from the last wraps to the first').toHaveText(first, { useInnerText: true });
  await page.getByRole('button', { name: 'Next colour' }).click();
  await bodies.getByRole('button', { name: 'Extra Cab' }).click();
  await expect(page.getByTestId('colour-name').filter({ hasText: /^.+1 of \d+ colours for .*Extra Cab$/ })).toBeVisible();
  // The embedded views: a tab per frame of the site's own media.
  await expect(page.getByRole('tab', { name: 'Walkaround', selected: true })).toBeVisible();
  await expect(page.locator('iframe[title="HiLux: Walkaround"]')).toHaveAttribute('src', /^\/media\//);
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
  await expect(page.getByRole('heading', { level: 1, name: `Order Now: ${vehicle}` })).toBeVisible();
  const form = page.getByRole('form', { name: 'Order Now' });
  await noSeriousViolations(page, '/models/order-now');
  const email = unique('order-now');
  await fillContact(form, { email });
  await form.getByRole('button', { name: 'Request a Quote' }).click();
  const lead = await expectSuccess(page, server, 'harbourside-toyota', email, 'enquiry');
  expect(lead.message.includes(vehicle), `the lead names the variant: ${lead.message}`).toBeTruthy();

  // A model the site does not sell is the site's 404.
  await go('/models/cx-5', 404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  expect(errors).toStrictEqual([]);
});

test('summit-motor-group: /brands, a brand overview, rows and the one-variant heading, and a brand it does not sell', async ({ page, server }) => {
  const { errors, go } = open(page, server, 'summit-motor-group');
  await go('/brands');
  await expect(page.getByRole('heading', { level: 1, name: 'Our Brands' })).toBeVisible();
  const brands = page.getByRole('main').getByRole('listitem');
  await expect(brands.first()).toBeVisible();
  await expect(brands.locator('span.font-semibold')).toHaveText(['Mazda', 'Subaru', 'Hyundai', 'Kia', 'Ford', 'Nissan'], { useInnerText: true });
  // Every make shows its logo (or its name when the logo fails): once each
  // picture has settled, loaded or not, none is broken.
  await page.waitForFunction(() => [...document.querySelectorAll('main li img')].every((el) => el.complete), null, { timeout: 15_000 });
  for (const img of await brands.locator('img').all()) {
    expect(await img.evaluate((el) => el.complete && el.naturalWidth > 0), 'logo loaded').toBeTruthy();
  }
  await noSeriousViolations(page, '/brands');

  await page.getByRole('main').getByRole('link', { name: /^Kia/ }).click();
  await page.waitForURL('**/kia/overview');
  await expect(page.getByRole('heading', { level: 1, name: 'Kia Overview' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Carnival' }).click();
  await page.waitForURL('**/models/carnival');
  // Two variants: rows, no slider.
  await expect(page.getByRole('heading', { name: 'Which Carnival will you choose?' })).toBeVisible();
  await expect(page.getByTestId('variant-rows')).toBeVisible();
  await expect(page.getByTestId('variant-slider')).toHaveCount(0);

  // One variant: '{model} Features'.
  await go('/models/picanto');
  await expect(page.getByRole('heading', { name: 'Picanto Features' })).toBeVisible();

  await go('/toyota/overview', 404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  expect(errors).toStrictEqual([]);
});
