// Journeys: the lead forms of the vehicle page (/cars/{slug}) on real demo
// cars, in real Chromium against the real server. A valid form ends on
// /success with the lead in the store (checked with `forecourt leads
// export`); an invalid one shows its messages; a double click sends one lead.
import { test, expect } from './fixtures.mjs';
import AxeBuilder from '@axe-core/playwright';
import { openPage, expectSuccess, fillContact, unique } from './lead-kit.mjs';

// The car pages at a desktop's width.
test.use({ viewport: { width: 1280, height: 900 } });

// findCar asks the site's search API for a car matching `pick`, from the
// journey's page before it opens the car.
// Looks through up to `maxPages` result pages of each listing path.
async function findCar(page, server, slug, paths, pick, maxPages = 1) {
  await page.goto(server.url(slug, '/healthz'));
  for (const path of paths) {
    for (let n = 1; n <= maxPages; n++) {
      const { hits = [], pages = 1 } = await page.evaluate(([p, at]) => fetch(`/api/search?path=${p}&page=${at}`).then((r) => r.json()), [path, n]);
      const car = hits.find(pick);
      if (car) return car;
      if (n >= pages) break;
    }
  }
  throw new Error(`no matching car on ${slug}`);
}

// A car a buyer may book to see: in stock and not held for another buyer.
const inStock = (h) => h.status === 'in_stock' && !h.reserved && !/test drive only/i.test(h.tag?.label ?? '');

async function openDialog(page, button, title = button) {
  await page.getByRole('button', { name: button, exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('harbourside-toyota /cars/{slug} Enquire Now: empty shows the messages, valid ends on /success with the car', async ({ page, server, pageErrors }) => {
  const car = await findCar(page, server, 'harbourside-toyota', ['/search/used-cars', '/search/new-cars'], inStock);
  await openPage(page, server, 'harbourside-toyota', `/cars/${car.slug}`);
  const dialog = await openDialog(page, 'Enquire Now');
  await dialog.getByRole('button', { name: /^(Send Enquiry|Submit|Enquire Now)$/ }).click();
  const alert = dialog.getByRole('alert').first();
  await expect(alert).toBeVisible();
  await expect(dialog).toContainText(/Please fix the following errors:/, { useInnerText: true });
  for (const m of ['Name is required.', 'Email is required.']) await expect(dialog, `the dialog shows "${m}"`).toContainText(m, { useInnerText: true });
  await expect(page, 'an invalid form stays on the car').toHaveURL((u) => u.pathname === `/cars/${car.slug}`);

  const email = unique('carenq');
  await fillContact(dialog, { email });
  const message = dialog.getByRole('textbox', { name: /message/i });
  if ((await message.count()) && !(await message.inputValue())) await message.fill('Is this car still available?');
  // docs/behaviour/validation.md: the enquiry's required category selector, default 'General Enquiry'.
  const type = dialog.getByRole('combobox', { name: /enquiry type/i });
  await expect(type).toHaveValue('General Enquiry');
  await type.selectOption('Trade-In Enquiry');
  await dialog.getByRole('button', { name: /^(Send Enquiry|Submit|Enquire Now)$/ }).click();
  const lead = await expectSuccess(page, server, 'harbourside-toyota', email, 'enquiry');
  expect(Number(lead.car_id), 'the lead carries the car').toBe(car.id);
  expect(lead.subcategory, 'the chosen type is stored').toBe('Trade-In Enquiry');
  expect(pageErrors).toStrictEqual([]);
});

test('harbourside-toyota /cars/{slug} Book a Test Drive: a closed Sunday is refused, the next open day and an offered time end on /success', async ({ page, server, pageErrors }) => {
  const car = await findCar(page, server, 'harbourside-toyota', ['/search/used-cars', '/search/new-cars'], inStock);
  const { leadPosts } = await openPage(page, server, 'harbourside-toyota', `/cars/${car.slug}`);
  const dialog = await openDialog(page, 'Book a Test Drive');
  const email = unique('cartd');
  await fillContact(dialog, { email });
  // The next Sunday, when the showroom is closed (docs/behaviour/validation.md#bookings).
  const d = new Date();
  d.setDate(d.getDate() + (7 - d.getDay()));
  const iso = (x) => `${x.getFullYear()}-${String(x.getMonth() + 1).padStart(2, '0')}-${String(x.getDate()).padStart(2, '0')}`;
  const label = (x) => x.toLocaleDateString('en-AU', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  const date = dialog.getByLabel(/preferred date/i);
  await page.waitForFunction((el) => el.max !== '', await date.elementHandle(), { timeout: 10_000 });
  await date.fill(iso(d));
  await expect(dialog.getByText(`Preferred Date: Harbourside Toyota is closed on ${label(d)}.`, { exact: false })).toBeVisible();
  const time = dialog.getByRole('combobox', { name: /preferred time/i });
  await expect(time, 'no time can be picked on a closed day').toBeDisabled();
  await dialog.getByRole('button', { name: 'Book Test Drive' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  expect(leadPosts, 'a closed day is never sent').toHaveLength(0);
  const a11y = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(a11y.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toStrictEqual([]);

  // The offered next open day (Monday, or later after a holiday) is taken by keyboard, then a time.
  const choose = dialog.getByRole('button', { name: /^Choose / });
  const nextLabel = (await choose.innerText()).replace(/^Choose /, '');
  await choose.focus();
  await page.keyboard.press('Enter');
  const nextIso = await date.inputValue();
  const next = new Date(`${nextIso}T00:00:00`);
  expect(nextIso > iso(d) && label(next) === nextLabel, `${nextIso} is the offered ${nextLabel}`).toBeTruthy();
  await page.waitForFunction((el) => el.options.length > 1 && !el.disabled, await time.elementHandle(), { timeout: 10_000 });
  await time.selectOption({ index: 1 });
  const timeLabel = await time.evaluate((el) => el.options[el.selectedIndex].text);
  await dialog.getByRole('button', { name: 'Book Test Drive' }).click();
  const lead = await expectSuccess(page, server, 'harbourside-toyota', email, 'test_drive');
  expect(Number(lead.car_id)).toBe(car.id);
  const body = leadPosts.at(-1).postDataJSON();
  expect(body.dateTime && body.dateTime.startsWith(nextIso), `dateTime ${body.dateTime} is on ${nextIso}`).toBeTruthy();
  // /success: a short reference to read out, exactly what was booked and where, and the way back to the car.
  const reference = page.getByTestId('success-reference');
  await expect(reference).toContainText(/^Your reference: [2-9A-HJKMNP-TW-Z]{8}\b/, { useInnerText: true });
  await expect(reference, 'the long id is not the reference').not.toContainText(lead.lead_id, { useInnerText: true });
  await expect(page.getByTestId('success-asked')).toContainText(new RegExp(`^Test drive on ${label(next)} at ${timeLabel} at .+$`), { useInnerText: true });
  await expect(page.getByRole('link', { name: 'Back to the Car' })).toHaveAttribute('href', `/cars/${car.slug}`);
  expect(pageErrors).toStrictEqual([]);
});

test('harbourside-toyota sold /cars/{slug}: Find Me Something Similar ends on /success as find_similar', async ({ page, server, pageErrors }) => {
  const car = await findCar(page, server, 'harbourside-toyota', ['/search/new-cars', '/search/used-cars'], (h) => h.status === 'sold', 30);
  await openPage(page, server, 'harbourside-toyota', `/cars/${car.slug}`);
  // The page's section wraps the form's own labelled section of the same name.
  const panel = page.getByRole('region', { name: 'Find Me Something Similar' }).last();
  await expect(panel.getByText(/Unfortunately this (car|caravan) recently sold\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enquire Now' }), 'a sold car offers no enquiry').toHaveCount(0);
  const submit = panel.getByRole('button', { name: 'Find Me Something Similar' });
  await submit.click();
  await expect(panel.getByText('Please fix the following errors:').first()).toBeVisible();
  await expect(panel).toContainText(/Email is required\./, { useInnerText: true });
  const email = unique('similar');
  await fillContact(panel, { email });
  const message = panel.getByRole('textbox', { name: /what are you looking for/i });
  if (await message.count()) await message.fill('Something like this one, under 40,000 km.');
  await submit.click();
  const lead = await expectSuccess(page, server, 'harbourside-toyota', email, 'find_similar');
  expect(Number(lead.car_id), 'the lead names the sold car').toBe(car.id);
  expect(pageErrors).toStrictEqual([]);
});

test('harbourside-toyota /cars/{slug}: a double click on the enquiry submit stores one lead', async ({ page, server }) => {
  const car = await findCar(page, server, 'harbourside-toyota', ['/search/used-cars', '/search/new-cars'], inStock);
  const { leadPosts } = await openPage(page, server, 'harbourside-toyota', `/cars/${car.slug}`);
  const dialog = await openDialog(page, 'Enquire Now');
  const email = unique('cardouble');
  await fillContact(dialog, { email });
  const message = dialog.getByRole('textbox', { name: /message/i });
  if ((await message.count()) && !(await message.inputValue())) await message.fill('Double click test.');
  await dialog.getByRole('button', { name: /^(Send Enquiry|Submit|Enquire Now)$/ }).dblclick();
  await expectSuccess(page, server, 'harbourside-toyota', email, 'enquiry');
  expect(leadPosts.length, 'the double click sent one request').toBe(1);
});

test('harbourside-toyota /cars/{slug} without photos: Request Photos ends on /success asking for photos', async ({ page, server, pageErrors }) => {
  const car = await findCar(page, server, 'harbourside-toyota', ['/search/used-cars', '/search/new-cars'], (h) => inStock(h) && !h.primary_image_url, 15);
  const { leadPosts } = await openPage(page, server, 'harbourside-toyota', `/cars/${car.slug}`);
  await expect(page.getByText('Photos coming soon').first()).toBeVisible();
  const dialog = await openDialog(page, 'Request Photos');
  const submit = dialog.getByRole('button', { name: 'Request Photos' });
  await submit.click();
  await expect(dialog.getByText('Please fix the following errors:').first()).toBeVisible();
  const email = unique('photos');
  await fillContact(dialog, { email });
  await submit.click();
  const lead = await expectSuccess(page, server, 'harbourside-toyota', email, 'request_photos');
  expect(Number(lead.car_id)).toBe(car.id);
  expect(lead.message).toMatch(/Please send photos for this car/);
  expect(leadPosts.length, 'the invalid try sent nothing; the valid one sent one request').toBe(1);
  expect(pageErrors).toStrictEqual([]);
});

test("summit-motor-group /cars/{slug} 'Get Finance Now': the Finance Enquiry modal ends on /success and fires event 9", async ({ page, server, pageErrors }) => {
  const car = await findCar(page, server, 'summit-motor-group', ['/search/used-cars', '/search/new-cars'], inStock);
  await openPage(page, server, 'summit-motor-group', `/cars/${car.slug}`);
  const events = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/events') events.push(r.postDataJSON());
  });
  const dialog = await openDialog(page, 'Get Finance Now', 'Finance Enquiry');
  const submit = dialog.getByRole('button', { name: 'Send Enquiry' });
  await submit.click();
  await expect(dialog.getByText('Please fix the following errors:').first()).toBeVisible();
  const email = unique('carfin');
  await fillContact(dialog, { email });
  // A group of dealerships asks which one (docs/behaviour/validation.md#enquiry-form).
  for (const name of [/preferred dealership/i, /dealership location|department/i]) {
    const select = dialog.getByRole('combobox', { name });
    if (await select.count()) await select.first().selectOption({ index: 1 });
  }
  const terms = dialog.getByRole('checkbox', { name: /agree to the terms/i });
  if (await terms.count()) {
    // This site requires the terms (docs/behaviour/errors.md, Terms unchecked).
    await submit.click();
    await expect(dialog.getByText('*You must agree to the terms of use before submitting.').first()).toBeVisible();
    await terms.check();
  }
  await submit.click();
  const lead = await expectSuccess(page, server, "summit-motor-group", email, "finance");
  expect(Number(lead.car_id), 'the lead carries the car').toBe(car.id);
  expect(events.some((e) => e.event_id === 9), `event 9 sent (events: ${JSON.stringify(events.map((e) => e.event_id))})`).toBeTruthy();
  expect(pageErrors).toStrictEqual([]);
});
