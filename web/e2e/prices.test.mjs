// Journey: prices, finance wording, badges, save controls and the
// credit-check quote on the demo sites, against SPEC.md section 4 and 7.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { server, browser, useJourneys } from './server.mjs';

useJourneys();

test('reductions, Enquire for Finance, certified logos, strict save controls and the quote', async () => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const sidebar = () => page.getByTestId('vehicle-sidebar');

  // SPEC.md:142: a reduced price that differs from the car price reads as a reduction.
  await page.goto(server.url('harbourside-toyota', '/cars/2022-toyota-yaris-cross-gxl-hybrid-100252'));
  await sidebar().getByText('Save $1,500').waitFor();
  assert.equal(await sidebar().locator('s').textContent(), '$19,990');
  await page.goto(server.url('harbourside-toyota', '/print?car_id=2022-toyota-yaris-cross-gxl-hybrid-100252'));
  await page.getByText('Save $1,500').waitFor();

  // SPEC.md:126: a certified used Toyota's card shows a certified logo, not a text pill.
  await page.goto(server.url('harbourside-toyota', '/search/used-cars'));
  await page.getByRole('img', { name: 'Certified used Toyota' }).first().waitFor();
  assert.equal(await page.locator('article [data-tone]', { hasText: /^certified$/i }).count(), 0);

  // SPEC.md:132: the configured luxury make's certified used cars carry the badge.
  await page.goto(server.url('summit-motor-group', '/cars/2021-mercedes-benz-glc-glc300-4matic-200152'));
  await sidebar().getByRole('img', { name: 'Certified used Mercedes-Benz' }).waitFor();

  // SPEC.md:146: $51 a month is $12 a week: 'Enquire for Finance', not the amount.
  await page.goto(server.url('summit-motor-group', '/cars/2010-nissan-juke-st-200095'));
  await sidebar().getByText('Enquire for Finance').first().waitFor();
  assert.equal(await sidebar().getByText('per month*').count(), 0);

  // SPEC.md:247: the quote fires on its flag alone (summit-motor-group has no
  // weekly chip), for a car with a price and no quote, and its result shows.
  const quote = page.waitForRequest((r) => r.url().endsWith('/api/youx/quote') && r.method() === 'POST');
  await page.goto(server.url('summit-motor-group', '/cars/2023-suzuki-vitara-vitara-201275'));
  const body = JSON.parse((await quote).postData() ?? '{}');
  assert.equal(body.selfAssessedCreditScore, 'GREAT');
  assert.equal(body.loanTerm, 5);
  assert.ok(body.purchasePrice > 0);
  await sidebar().getByText('per week* indicative quote over 5 years').waitFor();

  // SPEC.md:150: on metro-used-cars (strict) a car priced 0 without photos has no Favourite.
  await page.goto(server.url('metro-used-cars', '/cars/2017-hyundai-kona-active-500081'));
  await sidebar().getByRole('button', { name: /^Share/ }).waitFor();
  assert.equal(await sidebar().getByRole('button', { name: /^Favourite/ }).count(), 0);
  await page.goto(server.url('metro-used-cars', '/search/used-cars'));
  await page.getByRole('button', { name: /^Save to favourites/ }).first().waitFor();

  // The price comparison reads from market low (left) to market high
  // (right), the marker at the price; green only under 'Great Deal'.
  await page.goto(server.url('metro-used-cars', '/cars/2013-suzuki-swift-gl-500314'));
  const gauge = page.getByTestId('price-comparison');
  await gauge.scrollIntoViewIfNeeded();
  await gauge.getByText('Great Deal').waitFor();
  const ends = gauge.getByTestId('price-comparison-ends').locator('span');
  assert.match(await ends.first().innerText(), /^Market low \$/);
  assert.match(await ends.last().innerText(), /^Market high \$/);
  const left = await page.evaluate(() => {
    return { ends: [...document.querySelectorAll('[data-testid="price-comparison-ends"] span')].map((e) => e.getBoundingClientRect().x) };
  });
  assert.ok(left.ends[0] < left.ends[1], 'low is left of high');
  assert.equal(await gauge.getAttribute('data-tone'), 'high');

  // A subscription is labelled as one with the cash price beside it, and a
  // new car's price says what it includes (the feed's DAP is 'Drive Away'):
  // on the car page, its card, the print page and compare.
  const ioniq = '2026-hyundai-ioniq-5-epiq-200091';
  await page.goto(server.url('summit-motor-group', `/cars/${ioniq}`));
  const block = sidebar().getByTestId('price-block');
  await block.getByText('Subscription', { exact: true }).waitFor();
  assert.match(await block.innerText(), /\$365\s*\/wk[\s\S]*Cash price \$80,990\s*Drive Away/);
  await page.goto(server.url('summit-motor-group', `/print?car_id=${ioniq}`));
  await page.getByText('Cash price').waitFor();
  await page.goto(server.url('summit-motor-group', '/search/new-cars?query=ioniq'));
  const card = page.locator('article', { has: page.locator(`a[href$="${ioniq}"]`) });
  await card.locator('[data-price-kind="subscription"]').getByText('Subscription').waitFor();
  const priced = page.locator('article [data-price-kind="price"]').first();
  await priced.getByText(/^(Drive Away|Excl\. Government Charges)$/).waitFor();
  await page.goto(server.url('summit-motor-group', '/cars/2026-hyundai-ioniq-5-epiq-200925'));
  await sidebar().getByTestId('price-type').filter({ hasText: 'Drive Away' }).waitFor();
  await page.goto(server.url('summit-motor-group', '/compare?ids=200091,200925'));
  const priceRow = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^Price/ }) });
  await priceRow.getByText('Subscription $365 /wk (cash price $80,990 Drive Away)').waitFor();
  await priceRow.getByText('$79,990 Drive Away').waitFor();

  await context.close();
});
