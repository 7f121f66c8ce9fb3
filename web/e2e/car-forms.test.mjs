// Journeys: the lead forms of the vehicle page (/cars/{slug}) on real demo
// cars, in real Chromium against the real server. A valid form ends on
// /success with the lead in the store (checked with `forecourt leads
// export`); an invalid one shows its messages; a double click sends one lead.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { server, browser, useJourneys } from './server.mjs';
import { leadKit, fillContact, unique } from './lead-kit.mjs';

useJourneys();

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
  assert.fail(`no matching car on ${slug}`);
}

const inStock = (h) => h.status === 'in_stock' && !/test drive only/i.test(h.tag?.label ?? '');

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
  assert.match(text, /Please fix the following errors:/);
  for (const m of ['Name is required.', 'Email is required.']) assert.ok(text.includes(m), `the dialog shows "${m}"`);
  assert.equal(new URL(page.url()).pathname, `/cars/${car.slug}`, 'an invalid form stays on the car');

  const email = unique('carenq');
  await fillContact(dialog, { email });
  const message = dialog.getByRole('textbox', { name: /message/i });
  if ((await message.count()) && !(await message.inputValue())) await message.fill('Is this car still available?');
  // docs/behaviour/validation.md: the enquiry's required category selector, default 'General Enquiry'.
  const type = dialog.getByRole('combobox', { name: /enquiry type/i });
  assert.equal(await type.inputValue(), 'General Enquiry');
  await type.selectOption('Trade-In Enquiry');
  await dialog.getByRole('button', { name: /^(Send Enquiry|Submit|Enquire Now)$/ }).click();
  const lead = await expectSuccess(page, 'harbourside-toyota', email, 'enquiry');
  assert.equal(Number(lead.car_id), car.id, 'the lead carries the car');
  assert.equal(lead.subcategory, 'Trade-In Enquiry', 'the chosen type is stored');
  assert.deepEqual(errors, []);
  await context.close();
});

test('harbourside-toyota /cars/{slug} Book a Test Drive: a date and an offered time end on /success', async () => {
  const car = await findCar('harbourside-toyota', ['/search/used-cars', '/search/new-cars'], inStock);
  const { context, page, errors, leadPosts } = await openPage('harbourside-toyota', `/cars/${car.slug}`);
  const dialog = await openDialog(page, 'Book a Test Drive');
  const email = unique('cartd');
  await fillContact(dialog, { email });
  // The next Tuesday: a weekday the dealer is open.
  const d = new Date();
  d.setDate(d.getDate() + ((9 - d.getDay()) % 7 || 7));
  const iso = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  await dialog.getByLabel(/preferred date/i).fill(iso);
  const time = dialog.getByRole('combobox', { name: /preferred time/i });
  await page.waitForFunction((el) => el.options.length > 1 && !el.disabled, await time.elementHandle(), { timeout: 10_000 });
  await time.selectOption({ index: 1 });
  const timeLabel = await time.evaluate((el) => el.options[el.selectedIndex].text);
  await dialog.getByRole('button', { name: 'Book Test Drive' }).click();
  const lead = await expectSuccess(page, 'harbourside-toyota', email, 'test_drive');
  assert.equal(Number(lead.car_id), car.id);
  const body = leadPosts[0].postDataJSON();
  assert.ok(body.dateTime && body.dateTime.startsWith(iso), `dateTime ${body.dateTime} is on ${iso}`);
  // /success: a short reference to read out, what was asked, and the way back to the car.
  const reference = await page.getByTestId('success-reference').innerText();
  assert.match(reference, /^Your reference: [2-9A-HJKMNP-TW-Z]{8}\b/);
  assert.ok(!reference.includes(lead.lead_id), 'the long id is not the reference');
  const day = d.toLocaleDateString('en-AU', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  assert.equal(await page.getByTestId('success-asked').innerText(), `Test drive on ${day} at ${timeLabel}`);
  assert.equal(await page.getByRole('link', { name: 'Back to the Car' }).getAttribute('href'), `/cars/${car.slug}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('harbourside-toyota sold /cars/{slug}: Find Me Something Similar ends on /success as find_similar', async () => {
  const car = await findCar('harbourside-toyota', ['/search/new-cars', '/search/used-cars'], (h) => h.status === 'sold', 30);
  const { context, page, errors } = await openPage('harbourside-toyota', `/cars/${car.slug}`);
  // The page's section wraps the form's own labelled section of the same name.
  const panel = page.getByRole('region', { name: 'Find Me Something Similar' }).last();
  await panel.getByText(/Unfortunately this (car|caravan) recently sold\./).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Enquire Now' }).count(), 0, 'a sold car offers no enquiry');
  const submit = panel.getByRole('button', { name: 'Find Me Something Similar' });
  await submit.click();
  await panel.getByText('Please fix the following errors:').first().waitFor();
  assert.match(await panel.innerText(), /Email is required\./);
  const email = unique('similar');
  await fillContact(panel, { email });
  const message = panel.getByRole('textbox', { name: /what are you looking for/i });
  if (await message.count()) await message.fill('Something like this one, under 40,000 km.');
  await submit.click();
  const lead = await expectSuccess(page, 'harbourside-toyota', email, 'find_similar');
  assert.equal(Number(lead.car_id), car.id, 'the lead names the sold car');
  assert.deepEqual(errors, []);
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
  assert.equal(leadPosts.length, 1, 'the double click sent one request');
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
  assert.equal(Number(lead.car_id), car.id);
  assert.match(lead.message, /Please send photos for this car/);
  assert.equal(leadPosts.length, 1, 'the invalid try sent nothing; the valid one sent one request');
  assert.deepEqual(errors, []);
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
  assert.equal(Number(lead.car_id), car.id, 'the lead carries the car');
  assert.ok(events.some((e) => e.event_id === 9), `event 9 sent (events: ${JSON.stringify(events.map((e) => e.event_id))})`);
  assert.deepEqual(errors, []);
  await context.close();
});
