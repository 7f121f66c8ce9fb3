// Journeys: the buyer tools in real Chromium against the real server — the
// trade-in flow to a price range or the Trade-in FAQ message with the lead in
// the store (checked with `forecourt leads export`), the delivery quote for a
// postcode and the fuel calculator's inputs on the vehicle page, and the
// postcode and delivery endpoints' answers to bad input.
import { test, expect, shots } from './fixtures.mjs';
import { join } from 'node:path';
import { exportedLeads, openPage, unique } from './lead-kit.mjs';
import { reachBelowFold, visit } from './waits.mjs';

const slug = 'harbourside-toyota';

// The tools at a desktop's width; a journey at a phone's says so.
test.use({ viewport: { width: 1280, height: 900 } });

// api calls the site's API from inside the page (Chromium resolves *.localhost).
const api = (page, path, init) =>
  page.evaluate(
    async ([p, i]) => {
      const r = await fetch(p, i);
      return { status: r.status, body: await r.json().catch(() => null) };
    },
    [path, init ?? {}],
  );

// valuableCar finds a make, model and year the platform has enough
// comparable cars of for an instant price.
async function valuableCar(page) {
  const { body: opts } = await api(page, '/api/trade-in/options');
  const answers = Object.fromEntries(opts.questions.map((q) => [q.id, q.options[0].id]));
  const thisYear = new Date().getFullYear();
  for (const m of opts.makes) {
    for (const model of m.models) {
      for (let year = thisYear - 1; year >= thisYear - 4; year--) {
        const { body } = await api(page, '/api/trade-in/valuation', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ make: m.make, model, year, km: 30000, adjustmentAnswers: answers }),
        });
        if (body?.estimate) return { make: m.make, model, year: String(year), opts };
      }
    }
  }
  throw new Error('no make/model/year with enough comparables');
}

async function stepToDetails(page, car, km) {
  await expect(page.getByRole('heading', { name: 'Your car' })).toBeVisible();
  await page.getByRole('radio', { name: 'By make, model and year' }).check();
  await page.getByRole('combobox', { name: /make/i }).selectOption(car.make);
  await page.getByRole('combobox', { name: /model/i }).selectOption(car.model);
  await page.getByRole('combobox', { name: /year/i }).selectOption(car.year);
  await page.getByRole('button', { name: 'Next' }).click();
  const kmInput = page.getByRole('textbox', { name: /kilometres/i });
  await kmInput.fill(km);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Condition' })).toBeVisible();
  for (const group of await page.getByRole('group').filter({ has: page.getByRole('radio') }).all()) {
    await group.getByRole('radio').first().check();
  }
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
}

// askForPrice steps through the car's details at km, fills the buyer's
// with a new address made from tag and presses Get My Price; it answers
// the address.
async function askForPrice(page, car, km, tag) {
  await stepToDetails(page, car, km);
  const email = unique(tag);
  await page.getByRole('textbox', { name: /first name/i }).fill('Sam');
  await page.getByRole('textbox', { name: /last name/i }).fill('Trader');
  await page.getByRole('textbox', { name: /email/i }).fill(email);
  await page.getByRole('textbox', { name: /mobile/i }).fill('0412 345 678');
  await page.getByRole('textbox', { name: /postcode/i }).fill('4000');
  await page.getByRole('button', { name: 'Get My Price' }).click();
  return email;
}

test('trade-in: a recent car gets a price range, the lead is stored and the offer accepted', async ({ page, server, pageErrors }) => {
  await openPage(page, server, slug, '/sell-my-car');
  const car = await valuableCar(page);
  // The km input takes separators and quick picks (docs/behaviour/validation.md).
  await expect(page.getByRole('heading', { name: 'Your car' })).toBeVisible();
  const email = await askForPrice(page, car, '30000', 'trade');
  const range = page.getByTestId('trade-in-range');
  await expect(range).toBeVisible();
  await expect(range).toContainText(/^\$[\d,]+ – \$[\d,]+$/, { useInnerText: true });
  if (shots) await page.screenshot({ path: join(shots, 'trade-in-range.png'), fullPage: true });
  await page.getByRole('button', { name: 'Accept Offer' }).click();
  await expect(page.getByRole('heading', { name: 'Offer accepted' })).toBeVisible();
  const leads = exportedLeads(server, slug).filter((l) => l.email === email);
  expect(leads.length, 'the valuation lead and the offer acceptance are stored').toBe(2);
  expect(leads.every((l) => l.category === 'trade_in')).toBeTruthy();
  expect(pageErrors).toStrictEqual([]);
});

test.describe(() => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('trade-in: a car over 100,000 km gets the FAQ message and its details are stored', async ({ page, server, pageErrors }) => {
    await openPage(page, server, slug, '/trade-in');
    const car = await valuableCar(page);
    const email = await askForPrice(page, car, '150,000 kms', 'faq');
    const faq = page.getByTestId('trade-in-faq');
    await expect(faq).toBeVisible();
    await expect(faq).toContainText(/over 7 years old or over 100,000 km/, { useInnerText: true });
    if (shots) await page.screenshot({ path: join(shots, 'trade-in-faq-mobile.png'), fullPage: true });
    const leads = exportedLeads(server, slug).filter((l) => l.email === email);
    expect(leads.length).toBe(1);
    expect(leads[0].category).toBe('trade_in');
    expect(pageErrors).toStrictEqual([]);
  });
});

test('trade-in: letters for kilometres get a clear message, never NaN', async ({ page, server }) => {
  await openPage(page, server, slug, '/instant-price');
  await expect(page.getByRole('heading', { name: 'Your car' })).toBeVisible();
  // A plate no car has is refused on this first step (it is looked up at once).
  await page.getByRole('textbox', { name: /rego/i }).fill('ZZZ999');
  await page.getByRole('combobox', { name: /state/i }).selectOption('QLD');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(/couldn't find that rego/).first()).toBeVisible();
  await page.getByRole('radio', { name: 'By make, model and year' }).check();
  await page.getByRole('combobox', { name: /make/i }).selectOption('Toyota');
  await page.getByRole('combobox', { name: /model/i }).selectOption({ index: 1 });
  await page.getByRole('combobox', { name: /year/i }).selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Next' }).click();
  const km = page.getByRole('textbox', { name: /kilometres/i });
  await km.fill('');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please enter the kilometres.')).toBeVisible();
  await page.getByRole('button', { name: '50,000 kms', exact: true }).click();
  await expect(km).toHaveValue('50,000 kms');
  await expect(page.locator('main')).not.toContainText(/NaN|Infinity|undefined/, { useInnerText: true });
});

test('/cars/trade-in only for cars in stock or coming soon', async ({ page, server }) => {
  await openPage(page, server, slug, '/');
  const { body } = await api(page, '/api/search?path=/search/new-used-and-demo-cars/');
  const available = body.hits.find((h) => h.status === 'in_stock');
  await visit(page, server.url(slug, `/cars/trade-in?car_id=${available.id}`));
  await expect(page.getByRole('heading', { name: 'Your car' })).toBeVisible();
  await visit(page, server.url(slug, '/cars/trade-in?car_id=999999999'));
  await expect(page.getByText('Trade-in not available for this car')).toBeVisible();
});

test('postcode and delivery endpoints answer bad input with the spec messages', async ({ page, server }) => {
  await openPage(page, server, slug, '/');
  let r = await api(page, '/api/postcodes/4000');
  expect(r.status).toBe(200);
  expect(r.body.state).toBe('QLD');
  expect(r.body.localities.includes('Brisbane')).toBeTruthy();
  r = await api(page, '/api/postcodes/abcd');
  expect(r.status).toBe(422);
  expect(r.body.error.message).toBe('Invalid postcode. Please enter a 4-digit number.');
  r = await api(page, '/api/postcodes/1000');
  expect(r.status).toBe(404);
  expect(r.body.error.message).toBe('Invalid postcode');
  const { body } = await api(page, '/api/search?path=/search/new-used-and-demo-cars/');
  const car = body.hits[0].slug;
  r = await api(page, `/api/delivery-quote?car=${car}&postcode=`);
  expect(r.status).toBe(422);
  expect(r.body.error.message).toBe('Please enter a postcode.');
  r = await api(page, `/api/delivery-quote?car=${car}&postcode=4000`);
  expect(r.status).toBe(200);
  expect(typeof r.body.price).toBe('number');
});

// The vehicle page places the delivery and fuel calculators; a page that
// does not fails the journey, naming the calculator and the car.
async function vehiclePageWith(page, server, heading) {
  await openPage(page, server, slug, '/');
  const { body } = await api(page, '/api/search?path=/search/used-cars');
  const car = body.hits.find((h) => h.status === 'in_stock');
  await visit(page, server.url(slug, `/cars/${car.slug}`));
  await reachBelowFold(page);
  await expect(page.getByRole('heading', { name: heading }), `the vehicle page /cars/${car.slug} on ${slug} places the ${heading}`).toBeVisible({ timeout: 5000 });
}

test('delivery calculator on the vehicle page: a postcode gets a price, bad ones a message', async ({ page, server, pageErrors }) => {
  await vehiclePageWith(page, server, 'Delivery Calculator');
  const section = page.locator('section', { has: page.getByRole('heading', { name: 'Delivery Calculator' }) });
  const input = section.getByRole('textbox', { name: 'Postcode' });
  await section.getByRole('button', { name: 'Calculate' }).click();
  await expect(section.getByText('Please enter a postcode.')).toBeVisible();
  await input.fill('4000');
  await section.getByRole('button', { name: 'Calculate' }).click();
  await expect(section.getByText(/Delivery to 4000/)).toBeVisible();
  // Perth is beyond every zone: the answer says why and offers to ask the
  // dealer, whose enquiry opens with the postcode in its message.
  await input.fill('6000');
  await section.getByRole('button', { name: 'Calculate' }).click();
  await expect(section.getByText(/^Postcode 6000 is about [\d,]+ km from this car, outside our delivery zones/)).toBeVisible();
  await section.getByRole('button', { name: 'Ask about delivery to 6000' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ask About Delivery' });
  await expect(dialog.getByRole('textbox', { name: /message/i })).toHaveValue(/postcode 6000/);
  await page.keyboard.press('Escape');
  await expect(dialog).not.toBeAttached();
  if (shots) await section.screenshot({ path: join(shots, 'delivery.png') });
  expect(pageErrors).toStrictEqual([]);
});

test('fuel calculator on the vehicle page: typed price and distance give the cost', async ({ page, server, pageErrors }) => {
  await vehiclePageWith(page, server, 'Fuel Calculator');
  const section = page.locator('section', { has: page.getByRole('heading', { name: 'Fuel Calculator' }) });
  await expect(section.getByRole('textbox', { name: /fuel price/i })).toHaveValue('1.70');
  await expect(section.getByRole('textbox', { name: /distance/i })).toHaveValue('250 kms');
  await section.getByRole('textbox', { name: /fuel price/i }).fill('$2.00');
  await section.getByRole('textbox', { name: /distance/i }).fill('1,000 kms');
  // 1000/100 × L/100km × 2.00: a whole-cent dollar figure.
  await expect(section.getByTestId('fuel-cost')).toContainText(/^\$[\d,]+\.\d\d$/, { useInnerText: true });
  await section.getByRole('textbox', { name: /fuel price/i }).fill('abc');
  await expect(section.getByText(/fuel price as a number/)).toBeVisible();
  await expect(section).not.toContainText(/NaN|Infinity/, { useInnerText: true });
  if (shots) await section.screenshot({ path: join(shots, 'fuel.png') });
  expect(pageErrors).toStrictEqual([]);
});
