// Journeys: every lead form page on a demo site, in real Chromium against the
// real server. A valid form ends on /success with the lead in the store
// (checked with `forecourt leads export`); an invalid one shows the behaviour docs'
// messages; a double click sends one lead.
import { test, expect, shots } from './fixtures.mjs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { exportedLeads, openPage, expectSuccess, fillContact, unique } from './lead-kit.mjs';
import { requestsSoFar, within, visit } from './waits.mjs';

// The lead forms at a desktop's width; a journey at a phone's says so.
test.use({ viewport: { width: 1280, height: 900 } });

test('harbourside-toyota /contact: invalid shows the messages, valid ends on /success and is stored', async ({ page, server, pageErrors }) => {
  await openPage(page, server, 'harbourside-toyota', '/contact');
  const form = page.getByRole('form', { name: 'Contact Us' });
  await form.getByRole('button', { name: 'Send Enquiry' }).click();
  const alert = form.getByRole('alert');
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(/Please fix the following errors:/, { useInnerText: true });
  for (const m of ['First name is required.', 'Last name is required.', 'Email is required.', 'Mobile is required.', 'Invalid postcode. Please enter a 4-digit number.', 'Message is required.']) {
    await expect(alert, `error list has "${m}"`).toContainText(m, { useInnerText: true });
  }
  if (shots) await page.screenshot({ path: join(shots, 'contact-errors-desktop.png') });
  // Labels, error descriptions and contrast hold up with the errors showing.
  const a11y = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = a11y.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toStrictEqual([]);

  const email = unique('contact');
  await fillContact(form, { email, first: true });
  await form.getByRole('textbox', { name: /postcode/i }).fill('4000');
  await form.getByRole('textbox', { name: /message/i }).fill('Please call me about trading in my car.');
  await form.getByRole('button', { name: 'Send Enquiry' }).click();
  const lead = await expectSuccess(page, server, 'harbourside-toyota', email, 'contact');
  expect(lead.name, 'first and last name reach the dealer').toBe('Jo Buyer Citizen');
  expect(lead.message).toMatch(/trading in/);
  expect(pageErrors).toStrictEqual([]);
});

test('summit-motor-group /contact-us/{location}: a double click sends one lead for that location', async ({ page, server }) => {
  const { leadPosts } = await openPage(page, server, 'summit-motor-group', '/contact-us/summit-kia-maroochydore');
  const form = page.getByRole('form', { name: 'Contact Us' });
  const email = unique('double');
  await fillContact(form, { email, first: true });
  await form.getByRole('textbox', { name: /postcode/i }).fill('4558');
  await form.getByRole('textbox', { name: /message/i }).fill('Is the Sportage still available?');
  // summit requires the terms box (features.terms_required).
  await form.getByRole('button', { name: 'Send Enquiry' }).click();
  await expect(form.getByText('*You must agree to the terms of use before submitting.').first()).toBeVisible();
  await form.getByRole('checkbox', { name: /terms of use/i }).check();
  // docs/behaviour/validation.md: the required category selector defaults to 'General Enquiry'; the choice is the lead's subcategory.
  const type = form.getByRole('combobox', { name: /enquiry type/i });
  await expect(type).toHaveValue('General Enquiry');
  await type.selectOption('Finance Enquiry');
  await form.getByRole('button', { name: 'Send Enquiry' }).dblclick();
  const stored = await expectSuccess(page, server, 'summit-motor-group', email, 'contact');
  expect(stored.subcategory).toBe('Finance Enquiry');
  expect(leadPosts.length, 'the double click sent one request').toBe(1);
  const body = leadPosts[0].postDataJSON();
  expect(body.location_id).toBe(2207);
  expect(body.terms_accepted).toBe(true);
  expect(body.source).toBe('Website');
  expect(leadPosts[0].headers()['idempotency-key'], 'carries an Idempotency-Key').toBeTruthy();
  expect(body.lead_attributes.visited_pages.includes('/contact-us/summit-kia-maroochydore')).toBeTruthy();
});

test('harbourside-toyota /careers: a filled bot trap is refused with a reason, nothing is stored, nothing typed is lost', async ({ page, server }) => {
  await openPage(page, server, 'harbourside-toyota', '/careers');
  const form = page.getByRole('form', { name: 'Careers' });
  const email = unique('bot');
  await fillContact(form, { email });
  await form.getByRole('textbox', { name: /position/i }).fill('Detailer');
  await form.getByRole('textbox', { name: /about you/i }).fill('Keen and careful.');
  await page.locator('input[name="website"]').fill('http://spam.example', { force: true });
  await form.getByRole('button', { name: 'Send Application' }).click();
  const alert = form.getByRole('alert');
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(/only automated software can see/, { useInnerText: true });
  await expect(page).toHaveURL((u) => u.pathname === '/careers');
  await expect(form.getByRole('textbox', { name: /about you/i })).toHaveValue('Keen and careful.');
  expect(exportedLeads(server, 'harbourside-toyota').filter((l) => l.email === email).length).toBe(0);
});

test('summit-motor-group /vehicle-parts-and-accessories: dealership then department, stored as parts', async ({ page, server }) => {
  await openPage(page, server, 'summit-motor-group', '/vehicle-parts-and-accessories?utm_source=newsletter&utm_medium=email');
  const form = page.getByRole('form', { name: /Parts/ });
  await form.getByRole('button', { name: 'Send Enquiry' }).click();
  const alert = form.getByRole('alert');
  await expect(alert).toContainText(/Please select a preferred dealership\./, { useInnerText: true });
  await expect(alert).toContainText(/Please select a department\./, { useInnerText: true });
  const department = form.getByRole('combobox', { name: /department/i });
  await expect(department.locator('option').first()).toHaveText('Please Select a Department', { useInnerText: true });

  const email = unique('parts');
  await fillContact(form, { email });
  await form.getByRole('combobox', { name: /preferred dealership/i }).selectOption({ label: 'Summit Ford' }).catch(async () => {
    // Names are the dealer's; pick the one owning the parts department.
    await form.getByRole('combobox', { name: /preferred dealership/i }).selectOption('summit-ford');
  });
  await department.selectOption({ index: 1 });
  await form.getByRole('textbox', { name: /parts or accessories/i }).fill('Roof racks for a 2021 Ranger');
  await form.getByRole('checkbox', { name: /terms of use/i }).check();
  let body;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/leads')) body = r.postDataJSON();
  });
  await form.getByRole('button', { name: 'Send Enquiry' }).click();
  await expectSuccess(page, server, 'summit-motor-group', email, 'parts');
  expect(body.dealership_slug).toBe('summit-ford');
  expect(body.lead_attributes.linked_query_params).toStrictEqual({ utm_source: 'newsletter', utm_medium: 'email' });
});

test('harbourside-toyota /service: extras become additional_services; details are kept for next time', async ({ page, server }) => {
  await openPage(page, server, 'harbourside-toyota', '/service');
  const form = page.getByRole('form', { name: 'Book a Service' });
  const email = unique('service');
  await fillContact(form, { email });
  await form.getByRole('combobox', { name: /service type/i }).selectOption('Logbook Service');
  await form.getByRole('textbox', { name: /what does your car need/i }).fill('60,000 km logbook service');
  await form.getByRole('checkbox', { name: 'Loan Car' }).check();
  // A Sunday, when the service department is shut, is refused at once and
  // the next open day offered (docs/behaviour/validation.md#bookings).
  const d = new Date();
  d.setDate(d.getDate() + (7 - d.getDay()));
  const iso = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const date = form.getByLabel(/preferred date/i);
  await page.waitForFunction((el) => el.max !== '', await date.elementHandle(), { timeout: 10_000 });
  await date.fill(iso);
  await expect(form.getByText(/^Preferred Date: Harbourside Toyota Service is closed on Sunday/)).toBeVisible();
  await form.getByRole('button', { name: /^Choose / }).click();
  const time = form.getByRole('combobox', { name: /preferred time/i });
  await page.waitForFunction((el) => el.options.length > 1 && !el.disabled, await time.elementHandle(), { timeout: 10_000 });
  // The service department's own first time (7:00 am on a plain weekday,
  // before the showroom opens; a holiday keeps its own hours).
  const slots = await page.evaluate((d) => fetch(`/api/appointments?location_id=1201&date=${d}`).then((r) => r.json()), await date.inputValue());
  await expect(time.locator('option').nth(1), 'the first slot the server offers').toHaveJSProperty('value', slots.slots.find((s) => s.available !== false).start);
  const first = await time.evaluate((el) => ({ text: el.options[1].text, value: el.options[1].value }));
  await time.selectOption({ index: 1 });
  const booked = await date.inputValue();
  let body;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/leads')) body = r.postDataJSON();
  });
  await form.getByRole('button', { name: 'Request Booking' }).click();
  await expectSuccess(page, server, 'harbourside-toyota', email, 'service');
  expect(body.additional_services).toStrictEqual(['Loan Car']);
  expect(body.location_id, 'the service department').toBe(1201);
  expect(body.dateTime, 'the slot chosen').toBe(first.value);
  expect(body.dateTime.startsWith(booked), `dateTime ${body.dateTime}`).toBeTruthy();
  const day = new Date(`${booked}T00:00:00`).toLocaleDateString('en-AU', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  await expect(page.getByTestId('success-asked')).toHaveText(`Service on ${day} at ${first.text} at Harbourside Toyota Service`, { useInnerText: true });

  // Stored details prefill the next form (docs/behaviour/entities.md#local-records).
  await visit(page, server.url('harbourside-toyota', '/careers'));
  await expect(page.getByRole('textbox', { name: /email/i })).toHaveValue(email);
});

test('metro-used-cars /careers: a failed phone check keeps what was typed, then stores the application', async ({ page, server }) => {
  await openPage(page, server, 'metro-used-cars', '/careers');
  const form = page.getByRole('form', { name: 'Careers' });
  const email = unique('careers');
  await fillContact(form, { email, phone: '12345' });
  await form.getByRole('textbox', { name: /position/i }).fill('Sales Consultant');
  await form.getByRole('textbox', { name: /about you/i }).fill('Five years selling used cars.');
  await form.getByRole('button', { name: 'Send Application' }).click();
  const phone = form.getByRole('textbox', { name: /phone/i });
  await expect(form.getByText('Phone must be an Australian phone number, like 0412 345 678 or 07 3123 4567.').first()).toBeVisible();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByRole('textbox', { name: /position/i })).toHaveValue('Sales Consultant');
  await phone.fill('02 5550 4400');
  await form.getByRole('button', { name: 'Send Application' }).click();
  const lead = await expectSuccess(page, server, 'metro-used-cars', email, 'careers');
  expect(lead.message).toMatch(/Sales Consultant/);
});

test('southern-alps-motors /book-test-drive/: a free time is offered and booked', async ({ page, server }) => {
  await openPage(page, server, 'southern-alps-motors', '/book-test-drive/');
  const form = page.getByRole('form', { name: 'Book a Test Drive' });
  const email = unique('testdrive');
  await fillContact(form, { email, phone: '021 123 4567' });
  // The next Tuesday: a weekday the dealer is open.
  const d = new Date();
  d.setDate(d.getDate() + ((9 - d.getDay()) % 7 || 7));
  const iso = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  await form.getByLabel(/preferred date/i).fill(iso);
  const time = form.getByRole('combobox', { name: /preferred time/i });
  await expect(time.locator('option').nth(1)).toBeAttached({ timeout: 10_000 });
  await time.selectOption({ index: 1 });
  let body;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/leads')) body = r.postDataJSON();
  });
  await form.getByRole('button', { name: 'Book Test Drive' }).click();
  await expectSuccess(page, server, 'southern-alps-motors', email, 'test_drive');
  expect(body.dateTime && body.dateTime.startsWith(iso), `dateTime ${body.dateTime} is on ${iso}`).toBeTruthy();
});

test('harbourside-toyota /book-test-drive/?car_id=: a used car\'s test drive carries the car and fires event 48', async ({ page, server }) => {
  await page.goto(server.url('harbourside-toyota', '/healthz'));
  const { hits } = await page.evaluate(() => fetch('/api/search?path=/search/used-cars').then((r) => r.json()));
  const car = hits.find((h) => h.status === 'in_stock' && !h.reserved && h.car_type === 'used' && !/test drive only/i.test(h.tag?.label ?? ''));
  expect(car, 'a used car in stock').toBeTruthy();

  await openPage(page, server, 'harbourside-toyota', `/book-test-drive/?car_id=${car.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: `Book a Test Drive: ${car.name}` })).toBeVisible();
  const events = [];
  let eventSent;
  const sent = new Promise((resolve) => (eventSent = resolve));
  page.on('request', (r) => {
    if (r.method() !== 'POST' || !r.url().endsWith('/api/events')) return;
    events.push(r.postDataJSON());
    eventSent();
  });
  const form = page.getByRole('form', { name: 'Book a Test Drive' });
  const email = unique('usedtd');
  await fillContact(form, { email });
  await expect(form.getByRole('checkbox', { name: 'Email me similar stock and latest offers.' })).toBeChecked();
  await form.getByRole('button', { name: 'Book Test Drive' }).click();
  const lead = await expectSuccess(page, server, 'harbourside-toyota', email, 'test_drive');
  expect(Number(lead.car_id)).toBe(car.id);
  await expect(page.getByText(`About: ${car.name}`)).toBeVisible();
  // The event is fire and forget after the lead: wait for it, then for
  // every request before now, so a second event would be counted too.
  await within(sent, 5_000, 'no analytics event was sent for the test drive');
  await requestsSoFar(page);
  expect(events.map((e) => e.event_id)).toStrictEqual([48]);
});

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['mobile', { width: 390, height: 844 }],
]) {
  test.describe(() => {
    test.use({ viewport });
    test(`outback-caravans Email Us modal on ${label}: scrolls inside, submits, lands on /success`, async ({ page, server }) => {
      await openPage(page, server, 'outback-caravans', '/contact');
      await page.getByRole('button', { name: 'Email Us' }).click();
      const dialog = page.getByRole('dialog', { name: 'Email Us' });
      await expect(dialog).toBeVisible();
      const box = await dialog.boundingBox();
      expect(box.height <= viewport.height * 0.85 + 1, 'the dialog fits 85vh').toBeTruthy();
      expect(box.x >= 0 && box.x + box.width <= viewport.width, 'the dialog fits the width').toBeTruthy();
      // outback-caravans has two locations, waives the message and words its
      // terms message docs/behaviour/validation.md's other way.
      await dialog.getByRole('button', { name: 'Send Email' }).click();
      const alert = dialog.getByRole('alert');
      await expect(alert).toBeVisible();
      await expect(alert).toContainText(/Please select a dealership location\./, { useInnerText: true });
      await expect(alert).toContainText(/You must agree to the terms of use before submitting the form\./, { useInnerText: true });
      await expect(alert).not.toContainText(/Message is required\./, { useInnerText: true });
      if (shots) await page.screenshot({ path: join(shots, `email-us-${label}.png`) });
      const email = unique(`email-${label}`);
      await fillContact(dialog, { email });
      await dialog.getByRole('combobox', { name: /dealership location/i }).selectOption({ index: 2 });
      await dialog.getByRole('combobox', { name: /enquiry type/i }).selectOption('Caravan Enquiry'); // the site's own list
      await dialog.getByRole('checkbox', { name: /terms of use/i }).check();
      await dialog.getByRole('button', { name: 'Send Email' }).click();
      const lead = await expectSuccess(page, server, 'outback-caravans', email, 'enquiry');
      expect(lead.subcategory).toBe('Caravan Enquiry');
      if (shots) await page.screenshot({ path: join(shots, `success-${label}.png`) });
      if (label === 'desktop') {
        // The footer's Delivery Quote opens the contact form on a delivery quote enquiry.
        await page.getByRole('contentinfo').getByRole('link', { name: 'Delivery Quote' }).click();
        const contact = page.getByRole('form', { name: 'Contact Us' });
        await expect(contact).toBeVisible();
        await expect(contact.getByRole('combobox', { name: /enquiry type/i })).toHaveValue('Delivery Quote');
      }
    });
  });
}

test('harbourside-toyota /contact: the guided (multi-step) enquiry checks each step and the last one submits to /success', async ({ page, server, pageErrors }) => {
  const { leadPosts } = await openPage(page, server, 'harbourside-toyota', '/contact');
  await page.getByRole('button', { name: 'Start a Guided Enquiry' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enquire Now' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Message is required.').first()).toBeVisible();
  await dialog.getByRole('textbox', { name: /message/i }).fill('A family SUV under $40,000');
  // The first step asks the enquiry type (docs/behaviour/validation.md), default 'General Enquiry'.
  const type = dialog.getByRole('combobox', { name: /enquiry type/i });
  await expect(type).toHaveValue('General Enquiry');
  await type.selectOption('Vehicle Enquiry');
  await dialog.getByRole('button', { name: 'Next' }).click();
  const email = unique('guided');
  await fillContact(dialog, { email });
  for (const name of [/preferred dealership/i, /dealership location|department/i]) {
    const select = dialog.getByRole('combobox', { name });
    if (await select.count()) await select.first().selectOption({ index: 1 });
  }
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  const lead = await expectSuccess(page, server, 'harbourside-toyota', email, 'enquiry');
  expect(lead.message).toMatch(/family SUV/);
  expect(lead.subcategory).toBe('Vehicle Enquiry');
  expect(leadPosts.length, 'one request for one guided enquiry').toBe(1);
  expect(leadPosts[0].postDataJSON().form_completed).toBe(true);
  expect(pageErrors).toStrictEqual([]);
});
