// Journey: the site's own chat on summit-motor-group, in real Chromium
// against the real server. docs/behaviour/states.md: "A chat widget can be hidden,
// shown or opened"; section 6: "Instant Message (chat) replaces Enquire Now
// when chat is configured, there is no podium token and the vehicle is
// reservable". The message arrives as an 'Instant Message' enquiry with the
// car, checked with `forecourt leads export`.
import { test, expect, shots } from './fixtures.mjs';
import { leadKit, fillContact, unique } from './lead-kit.mjs';
import { visit } from './waits.mjs';

let server;
let browser;
test.beforeAll(({ server: s, browser: b }) => {
  server = s;
  browser = b;
});

const { openPage, exportedLeads } = leadKit(() => ({ server, browser }));
const slug = 'summit-motor-group';

// A reservable car under the site's strict rule: in stock, not reserved, price above 200.
async function reservableCar(page) {
  const { hits = [] } = await page.evaluate(() => fetch('/api/search?path=/search/used-cars').then((r) => r.json()));
  const car = hits.find((h) => h.status === 'in_stock' && !h.reserved && h.price > 200 && !/test drive only/i.test(h.tag?.label ?? ''));
  expect(car, 'a reservable used car').toBeTruthy();
  // The card names the car; its own record has the rest (the stock number).
  return page.evaluate((slug) => fetch(`/api/cars/${slug}`).then((r) => r.json()).then((d) => d.car), car.slug);
}

test('summit-motor-group: the chat launcher, and Instant Message on a car sends an Instant Message enquiry with the car', async () => {
  const { context, page, errors } = await openPage(slug, '/', { width: 1366, height: 900 });
  const outside = [];
  page.on('request', (r) => {
    if (new URL(r.url()).hostname !== new URL(server.url(slug, '/')).hostname) outside.push(r.url());
  });
  // Shown on arrival on every page of a chat site.
  const launcher = page.getByRole('button', { name: 'Chat with us' });
  await launcher.waitFor();
  await launcher.click();
  const panel = page.getByRole('dialog', { name: 'Instant Message' });
  await panel.waitFor();
  expect(await panel.evaluate((el) => el.contains(document.activeElement)), 'focus moves into the panel').toBeTruthy();
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached' });
  expect(await launcher.evaluate((el) => el === document.activeElement), 'focus comes back to the launcher').toBeTruthy();

  const car = await reservableCar(page);
  await visit(page, server.url(slug, `/cars/${car.slug}`));
  const summary = page.getByRole('complementary', { name: /summary$/ });
  expect(await summary.getByRole('button', { name: 'Enquire Now' }).count(), 'Instant Message replaces Enquire Now').toBe(0);
  await summary.getByRole('button', { name: 'Instant Message' }).click();
  await panel.waitFor();
  await panel.getByText(car.stocknum ? `Stock #${car.stocknum}` : 'About').waitFor();
  const send = panel.getByRole('button', { name: 'Send Message' });
  await send.waitFor();
  const email = unique('chat');
  await fillContact(panel, { email });
  await panel.getByRole('textbox', { name: /message/i }).fill('Is this one still available?');
  const terms = panel.getByRole('checkbox', { name: /agree to the terms/i });
  if (await terms.count()) await terms.check();
  if (shots) await page.screenshot({ path: `${shots}/chat-1366.png` });
  await send.click();
  await panel.getByRole('status').getByText('Thanks, your message has been sent.').waitFor();
  expect(new URL(page.url()).pathname, 'the confirmation shows in the panel, no page change').toBe(`/cars/${car.slug}`);
  const leads = exportedLeads(slug).filter((l) => l.email === email);
  expect(leads.length, 'one lead stored').toBe(1);
  expect(leads[0].category).toBe('enquiry');
  expect(leads[0].subcategory).toBe('Instant Message');
  expect(Number(leads[0].car_id), 'the lead carries the car').toBe(car.id);
  await panel.getByRole('button', { name: 'Close' }).click();

  // On a phone the launcher sits above the vehicle page's bottom action bar.
  await page.setViewportSize({ width: 390, height: 844 });
  const bar = page.getByTestId('mobile-action-bar');
  await bar.waitFor();
  await page.waitForFunction(() => {
    const b = document.querySelector('[data-testid="mobile-action-bar"]')?.getBoundingClientRect();
    const l = document.querySelector('[data-testid="chat"]')?.getBoundingClientRect();
    return b && l && l.bottom <= b.top;
  });
  if (shots) await page.screenshot({ path: `${shots}/chat-390.png` });
  // A round icon on a phone, named for assistive technology.
  const icon = await page.getByRole('button', { name: 'Chat with us' }).boundingBox();
  expect(icon.width <= 56, `the launcher is an icon on a phone (${icon.width}px wide)`).toBeTruthy();

  // At the end of a page the footer's links (Terms) sit clear of the launcher.
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await visit(page, server.url(slug, '/'));
    await page.waitForFunction(() => {
      window.scrollTo(0, document.scrollingElement.scrollHeight);
      const l = document.querySelector('[data-testid="chat"]')?.getBoundingClientRect();
      const links = [...document.querySelectorAll('footer a')].map((a) => a.getBoundingClientRect());
      const atEnd = window.innerHeight + window.scrollY >= document.scrollingElement.scrollHeight - 1;
      return atEnd && l && links.length > 0 && links.every((r) => r.right <= l.left || r.left >= l.right || r.bottom <= l.top || r.top >= l.bottom);
    });
  }

  // On a phone the launcher sits beside (never over) the compare bar, and
  // steps aside while the visitor types in a field of the page.
  await page.setViewportSize({ width: 390, height: 844 });
  await visit(page, server.url(slug, '/search/used-cars'));
  await page.getByRole('button', { name: /^Add to compare/ }).first().click();
  const tray = page.getByTestId('compare-tray');
  await tray.waitFor();
  const overlap = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  expect(!overlap(await tray.boundingBox(), await page.getByTestId('chat').boundingBox()), 'the chat button clears the compare bar').toBeTruthy();
  await page.getByLabel('Search stock').focus();
  await page.getByTestId('chat').waitFor({ state: 'detached' });
  await page.getByLabel('Search stock').blur();
  await page.getByTestId('chat').waitFor();

  expect(outside, 'no outside script or request').toStrictEqual([]);
  expect(errors).toStrictEqual([]);
  await context.close();
});
