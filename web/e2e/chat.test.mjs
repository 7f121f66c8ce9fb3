// Journey: the site's own chat on summit-motor-group, in real Chromium against
// the real server. docs/behaviour/states.md#other: "A chat widget can be
// hidden, shown or opened"; docs/behaviour/roles.md#chat-vs-enquire: "Instant
// Message (chat) replaces Enquire Now when chat is configured, there is no
// podium token and the vehicle can be reserved". The message arrives as an
// 'Instant Message' enquiry with the car, checked with
// `forecourt leads export`.
import { test, expect, shots } from './fixtures.mjs';
import { openPage, exportedLeads, fillContact, unique } from './lead-kit.mjs';
import { visit } from './waits.mjs';

const slug = 'summit-motor-group';

// A reservable car under the site's strict rule: in stock, not reserved, price above 200.
async function reservableCar(page) {
  const { hits = [] } = await page.evaluate(() => fetch('/api/search?path=/search/used-cars').then((r) => r.json()));
  const car = hits.find((h) => h.status === 'in_stock' && !h.reserved && h.price > 200 && !/test drive only/i.test(h.tag?.label ?? ''));
  expect(car, 'a reservable used car').toBeTruthy();
  // The card names the car; its own record has the rest (the stock number).
  return page.evaluate((slug) => fetch(`/api/cars/${slug}`).then((r) => r.json()).then((d) => d.car), car.slug);
}

test('summit-motor-group: the chat launcher, and Instant Message on a car sends an Instant Message enquiry with the car', async ({ page, server, pageErrors }) => {
  await openPage(page, server, slug, '/');
  const outside = [];
  page.on('request', (r) => {
    if (new URL(r.url()).hostname !== new URL(server.url(slug, '/')).hostname) outside.push(r.url());
  });
  // Shown on arrival on every page of a chat site.
  const launcher = page.getByRole('button', { name: 'Chat with us' });
  await expect(launcher).toBeVisible();
  await launcher.click();
  const panel = page.getByRole('dialog', { name: 'Instant Message' });
  await expect(panel).toBeVisible();
  expect(await panel.evaluate((el) => el.contains(document.activeElement)), 'focus moves into the panel').toBeTruthy();
  await page.keyboard.press('Escape');
  await expect(panel).not.toBeAttached();
  await expect(launcher, 'focus comes back to the launcher').toBeFocused();

  const car = await reservableCar(page);
  await visit(page, server.url(slug, `/cars/${car.slug}`));
  const summary = page.getByRole('complementary', { name: /summary$/ });
  await expect(summary.getByRole('button', { name: 'Enquire Now' }), 'Instant Message replaces Enquire Now').toHaveCount(0);
  await summary.getByRole('button', { name: 'Instant Message' }).click();
  await expect(panel).toBeVisible();
  await expect(panel.getByText(car.stocknum ? `Stock #${car.stocknum}` : 'About')).toBeVisible();
  const send = panel.getByRole('button', { name: 'Send Message' });
  await expect(send).toBeVisible();
  const email = unique('chat');
  await fillContact(panel, { email });
  await panel.getByRole('textbox', { name: /message/i }).fill('Is this one still available?');
  const terms = panel.getByRole('checkbox', { name: /agree to the terms/i });
  if (await terms.count()) await terms.check();
  if (shots) await page.screenshot({ path: `${shots}/chat-1366.png` });
  await send.click();
  await expect(panel.getByRole('status').getByText('Thanks, your message has been sent.')).toBeVisible();
  await expect(page, 'the confirmation shows in the panel, no page change').toHaveURL((u) => u.pathname === `/cars/${car.slug}`);
  const leads = exportedLeads(server, slug).filter((l) => l.email === email);
  expect(leads.length, 'one lead stored').toBe(1);
  expect(leads[0].category).toBe('enquiry');
  expect(leads[0].subcategory).toBe('Instant Message');
  expect(Number(leads[0].car_id), 'the lead carries the car').toBe(car.id);
  await panel.getByRole('button', { name: 'Close' }).click();

  // docs/behaviour/states.md#chat: the launcher never sits over the page's
  // content. On a 1366 px screen it floats in the side margin, clear of
  // every element of the page's content column, at the top of the results
  // and at the foot of the page (the footer's links).
  await visit(page, server.url(slug, '/search/used-cars'));
  const clearOfContent = () => {
    const l = document.querySelector('[data-testid="chat"]')?.getBoundingClientRect();
    if (!l || document.querySelector('[data-testid="chat"]').closest('header')) return false;
    const hit = (r) => r.width > 0 && r.height > 0 && r.left < l.right && l.left < r.right && r.top < l.bottom && l.top < r.bottom;
    // What a visitor sees: text, images and controls, and any box with a
    // background or border (a layout wrapper's empty padding is not content).
    const paints = (el) => {
      const cs = getComputedStyle(el);
      return el.children.length === 0 || el.matches('img, svg, a, button, input, select, textarea')
        || cs.backgroundColor !== 'rgba(0, 0, 0, 0)' || parseFloat(cs.borderTopWidth) > 0 || parseFloat(cs.borderRightWidth) > 0;
    };
    return [...document.querySelectorAll('main *, footer *')].every((el) => !paints(el) || !hit(el.getBoundingClientRect()));
  };
  await page.waitForFunction(clearOfContent);
  await page.evaluate(() => window.scrollTo(0, document.scrollingElement.scrollHeight));
  await page.waitForFunction(clearOfContent);

  // Narrower, it sits in the header's row of icons, never over the page: on
  // a phone's results and beside the vehicle page's bottom action bar, where
  // it still opens the panel.
  await page.setViewportSize({ width: 390, height: 844 });
  const inHeader = page.getByRole('banner').getByRole('button', { name: 'Chat with us' });
  await expect(inHeader).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/chat-390.png` });
  await visit(page, server.url(slug, `/cars/${car.slug}`));
  await expect(page.getByTestId('mobile-action-bar')).toBeVisible();
  await inHeader.click();
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).not.toBeAttached();
  await expect(inHeader, 'focus comes back to the header button').toBeFocused();
  await expect(page.locator('[data-testid="chat"]'), 'one launcher only').toHaveCount(1);

  expect(outside, 'no outside script or request').toStrictEqual([]);
  expect(pageErrors).toStrictEqual([]);
});
