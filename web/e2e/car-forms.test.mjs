// Journeys: the lead forms of the vehicle page (/cars/{slug}) on real demo
// cars, in real Chromium against the real server. A valid form ends on
// /success with the lead in the store (checked with `forecourt leads
// export`); an invalid one shows its messages; a double click sends one lead.
import { test, expect } from './fixtures.mjs';
import AxeBuilder from '@axe-core/playwright';
import { leadKit, fillContact, unique } from './lead-kit.mjs';

let server;
let browser;
test.beforeAll(({ server: s, browser: b }) => {
  server = s;
  browser = b;
});

const { openPage, expectSuccess } = leadKit(() => ({ server, browser }));

// findCar asks the site's search API for a car matching `pick`.
// Looks through up to `maxPages` result pages of each listing path.
async function findCar(slug, paths, pick, maxPages = 1) {
  const probe = await browser.newContext();
  const api = await probe.newPage();
  await api.goto(server.url(slug, '/healthz'));
  try {
    for (const path of paths) {
      for (let n = 1; n <= maxPages; n++) {
        const { hits = [], pages = 1 } = await api.evaluate(([p, page]) => fetch(`/api/search?path=${p}&page=${page}`).then((r) => r.json()), [path, n]);
        const car = hits.find(pick);
        if (car) return car;
        if (n >= pages) break;
      }
    }
  } finally {
    await probe.close();
  }
  throw new Error(`no matching car on ${slug}`);
}

// A car a buyer may book to see: in stock and not held for another buyer.
const inStock = (h) => h.status === 'in_stock' && !h.reserved && !/test drive only/i.test(h.tag?.label ?? '');

async function openDialog(page, button, title = button) {
  await page.getByRole('button', { name: button, exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  return dialog;
}

test('harbourside-toyota /cars/{slug} Enquire Now: empty shows the messages, valid ends on /success with the car', async () => {
  const car = await findCar('harbourside-toyota', ['/search/used-cars', '/search/new-cars'], inStock);
  const { context, page, errors } = await openPage('harbourside-toyota', `/cars/${car.slug}`);
  const dialog = await openDialog(page, 'Enquire Now');
  await dialog.getByRole('button', { name: /^(Send Enquiry|Submit|Enquire Now)$/ }).click();
  const alert = dialog.getByRole('alert').first();
  await alert.waitFor();
  const text = await dialog.innerText();
  expect(text).toMatch(/Please fix the following errors:/);
  for (const m of ['Name is required.', 'Email is required.']) expect(text.includes(m), `the dialog shows "${m}"`).toBeTruthy();
  expect(new URL(page.url()).pathname, 'an invalid form stays on the car').toBe(`/cars/${car.slug}`);

  const email = unique('carenq');
  await fillContact(dialog, { email });
  const message = dialog.getByRole('textbox', { name: /message/i });
  if ((await message.count()) && !(await message.inputValue())) await message.fill('Is this car still available?');
  // docs/behaviour/validation.md: the enquiry's required category selector, default 'General Enquiry'.
  const type = dialog.getByRole('combobox', { name: /enquiry type/i });
  expect(await type.inputValue()).toBe('General Enquiry');
  await type.selectOption('Trade-In Enquiry');
  await dialog.getByRole('button', { name: /^(Send Enquiry|Submit|Enquire Now)$/ }).click();
  const lead = await expectSuccess(page, 'harbourside-toyota', email, 'enquiry');
  expect(Number(lead.car_id), 'the lead carries the car').toBe(car.id);
  expect(lead.subcategory, 'the chosen type is stored').toBe('Trade-In Enquiry');
  expect(errors).toStrictEqual([]);
  await context.close();
});

test('harbourside-toyota /cars/{slug} Book a Test Drive: a closed Sunday is refused, the next open day and an offered time end on /success', async () => {
  const car = await findCar('harbourside-toyota', ['/search/used-cars', '/search/new-cars'], inStock);
  const { context, page, errors, leadPosts } = await openPage('harbourside-toyota', `/cars/${car.slug}`);
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
  await dialog.getByText(`Preferred Date: Harbourside Toyota is closed on ${label(d)}.`, { exact: false }).waitFor();
  const time = dialog.getByRole('combobox', { name: /preferred time/i });
  expect(await time.isDisabled(), 'no time can be picked on a closed day').toBeTruthy();
  await dialog.getByRole('button', { name: 'Book Test Drive' }).click();
  await dialog.getByRole('alert').waitFor();
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
  const lead = await expectSuccess(page, 'harbourside-toyota', email, 'test_drive');
  expect(Number(lead.car_id)).toBe(car.id);
  const body = leadPosts.at(-1).postDataJSON();
  expect(body.dateTime && body.dateTime.startsWith(nextIso), `dateTime ${body.dateTime} is on ${nextIso}`).toBeTruthy();
  // /success: a short reference to read out, exactly what was booked and where, and the way back to the car.
  const reference = await page.getByTestId('success-reference').innerText();
  expect(reference).toMatch(/^Your reference: [2-9A-HJKMNP-TW-Z]{8}\b/);
  expect(!reference.includes(lead.lead_id), 'the long id is not the reference').toBeTruthy();
  const where = await page.getByTestId('success-asked').innerText();
  expect(where).toMatch(new RegExp(`^Test drive on ${label(next)} at ${timeLabel} at .+$`));
  expect(await page.getByRole('link', { name: 'Back to the Car' }).getAttribute('href')).toBe(`/cars/${car.slug}`);
  expect(errors).toStrictEqual([]);
  await context.close();
});

test('harbourside-toyota sold /cars/{slug}: Find Me Something Similar ends on /success as find_similar', async () => {
  const car = await findCar('harbourside-toyota', ['/search/new-cars', '/search/used-cars'], (h) => h.status === 'sold', 30);
  const { context, page, errors } = await openPage('harbourside-toyota', `/cars/${car.slug}`);
  // The page's section wraps the form's own labelled section of the same name.
  const panel = page.getByRole('region', { name: 'Find Me Something Similar' }).last();
  await panel.getByText(/Unfortunately this (car|caravan) recently sold\./).waitFor();
  expect(await page.getByRole('button', { name: 'Enquire Now' }).count(), 'a sold car offers no enquiry').toBe(0);
  const submit = panel.getByRole('button', { name: 'Find Me Something Similar' });
  await submit.click();
  await panel.getByText('Please fix the following errors:').first().waitFor();
  expect(await panel.innerText()).toMatch(/Email is required\./);
  const email = unique('similar');
  await fillContact(panel, { email });
  const message = panel.getByRole('textbox', { name: /what are you looking for/i });
  if (await message.count()) await message.fill('Something like this one, under 40,000 km.');
  await submit.click();
  const lead = await expectSuccess(page, 'harbourside-toyota', email, 'find_similar');
  expect(Number(lead.car_id), 'the lead names the sold car').toBe(car.id);
  expect(errors).toStrictEqual([]);
  await context.close();
});

test('harbourside-toyota /cars/{slug}: a double click on the enquiry submit stores one lead', async () => {
  const car = await findCar('harbourside-toyota', ['/search/used-cars', '/search/new-cars'], inStock);
  const { context, page, leadPosts } = await openPage('harbourside-toyota', `/cars/${car.slug}`);
  const dialog = await openDialog(page, 'Enquire Now');
  const email = unique('cardouble');
  await fillContact(dialog, { email });
  const message = dialog.getByRole('textbox', { name: /message/i });
  if ((await message.count()) && !(await message.inputValue())) await message.fill('Double click test.');
  await dialog.getByRole('button', { name: /^(Send Enquiry|Submit|Enquire Now)$/ }).dblclick();
  await expectSuccess(page, 'harbourside-toyota', email, 'enquiry');
  expect(leadPosts.length, 'the double click sent one request').toBe(1);
  await context.close();
});

test('harbourside-toyota /cars/{slug} without photos: Request Photos ends on /success asking for photos', async () => {
  const car = await findCar('harbourside-toyota', ['/search/used-cars', '/search/new-cars'], (h) => inStock(h) && !h.primary_image_url, 15);
  const { context, page, errors, leadPosts } = await openPage('harbourside-toyota', `/cars/${car.slug}`);
  await page.getByText('Photos coming soon').first().waitFor();
  const dialog = await openDialog(page, 'Request Photos');
  const submit = dialog.getByRole('button', { name: 'Request Photos' });
  await submit.click();
  await dialog.getByText('Please fix the following errors:').first().waitFor();
  const email = unique('photos');
  await fillContact(dialog, { email });
  await submit.click();
  const lead = await expectSuccess(page, 'harbourside-toyota', email, 'request_photos');
  expect(Number(lead.car_id)).toBe(car.id);
  expect(lead.message).toMatch(/Please send photos for this car/);
  expect(leadPosts.length, 'the invalid try sent nothing; the valid one sent one request').toBe(1);
  expect(errors).toStrictEqual([]);
  await context.close();
});

test("summit-motor-group /cars/{slug} 'Get Finance Now': the Finance Enquiry modal ends on /success and fires event 9", async () => {
  const car = await findCar('summit-motor-group', ['/search/used-cars', '/search/new-cars'], inStock);
  const { context, page, errors } = await openPage('summit-motor-group', `/cars/${car.slug}`);
  const events = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/events') events.push(r.postDataJSON());
  });
  const dialog = await openDialog(page, 'Get Finance Now', 'Finance Enquiry');
  const submit = dialog.getByRole('button', { name: 'Send Enquiry' });
  await submit.click();
  await dialog.getByText('Please fix the following errors:').first().waitFor();
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
    await dialog.getByText('*You must agree to the terms of use before submitting.').first().waitFor();
    await terms.check();
  }
  await submit.click();
  const lead = await expectSuccess(page, "summit-motor-group", email, "finance");
  expect(Number(lead.car_id), 'the lead carries the car').toBe(car.id);
  expect(events.some((e) => e.event_id === 9), `event 9 sent (events: ${JSON.stringify(events.map((e) => e.event_id))})`).toBeTruthy();
  expect(errors).toStrictEqual([]);
  await context.close();
});
