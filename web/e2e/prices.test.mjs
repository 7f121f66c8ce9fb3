// Journey: prices, finance wording, badges, save controls and the
// credit-check quote on the demo sites, against docs/behaviour/states.md and docs/behaviour/calls.md.
import { test, expect } from './fixtures.mjs';
import { dollars, onSite, getJSON, listing, detail, firstDetail, sitemapSlugs, must } from './stock.mjs';

test('reductions, Enquire for Finance, certified logos, strict save controls and the quote', async ({ page, server }) => {
  const sidebar = () => page.getByTestId('vehicle-sidebar');

  // docs/behaviour/states.md#price-rule-2: a reduced price that differs from the car price reads as a reduction.
  await onSite(page, server, 'harbourside-toyota');
  const reduced = must(
    await firstDetail(
      page,
      (await listing(page, '/search/used-cars')).filter((c) => c.price_display?.kind === 'reduced'),
      (c) => c.offer_price > 0 && c.offer_price < c.price && !(c.before_price > c.price),
    ),
    'used car at harbourside-toyota with an offer under its price',
  );
  const save = `Save ${dollars(reduced.price - reduced.offer_price)}`;
  await page.goto(server.url('harbourside-toyota', `/cars/${reduced.slug}`));
  await expect(sidebar().getByText(save)).toBeVisible();
  await expect(sidebar().locator('s')).toHaveText(dollars(reduced.price));
  await page.goto(server.url('harbourside-toyota', `/print?car_id=${reduced.slug}`));
  await expect(page.getByText(save)).toBeVisible();

  // docs/behaviour/states.md#car-tag-3: a certified used Toyota's card shows a certified logo, not a text pill.
  await page.goto(server.url('harbourside-toyota', '/search/used-cars'));
  await expect(page.getByRole('img', { name: 'Certified used Toyota' }).first()).toBeVisible();
  await expect(page.locator('article [data-tone]', { hasText: /^certified$/i })).toHaveCount(0);

  // docs/behaviour/states.md#car-tags: the configured luxury make's certified used cars carry the badge.
  await onSite(page, server, 'summit-motor-group');
  const benzes = (await listing(page, '/search/used-cars', 'refinementList%5Bmake%5D%5B0%5D=Mercedes-Benz')).filter((c) => c.make === 'Mercedes-Benz' && c.certified);
  // A sold car shows its SOLD tag instead: take one the site still sells.
  const benz = must(await firstDetail(page, benzes, (c) => c.certified_badge), 'certified used Mercedes-Benz for sale at summit-motor-group');
  await page.goto(server.url('summit-motor-group', `/cars/${benz.slug}`));
  await expect(sidebar().getByRole('img', { name: 'Certified used Mercedes-Benz' })).toBeVisible();

  // A monthly repayment over $25 that is $25 or less a week (a $51 month
  // is $12 a week) reads 'Enquire for Finance', not the amount.
  await onSite(page, server, 'summit-motor-group');
  const cheap = (await listing(page, '/search/used-cars', 'sortBy=price_asc')).filter((c) => c.price > 0).slice(0, 60);
  // The demo's stock need not hold such a car (its cheapest Nissans may
  // cost more): the server's rule is proved on a car saved for it
  // (TestMonthlyEstimateUnder25AWeekIsEnquire); here the page is checked
  // whenever the day's stock has one.
  const monthly = await firstDetail(page, cheap, (c) => c.finance_estimate?.frequency === 'month' && c.finance_estimate.enquire && c.finance_estimate.monthly > 25);
  if (monthly) {
    await page.goto(server.url('summit-motor-group', `/cars/${monthly.slug}`));
    await expect(sidebar().getByText('Enquire for Finance').first()).toBeVisible();
    await expect(sidebar().getByText('per month*')).toHaveCount(0);
  } else {
    test.info().annotations.push({ type: 'not in the stock', description: 'no cheap car financed by the month at summit-motor-group today' });
  }

  // docs/behaviour/calls.md: the quote fires on its flag alone (summit-motor-group has no
  // weekly chip), for a car with a price and no quote, and its result shows.
  await onSite(page, server, 'summit-motor-group');
  // A car without the lender's estimate (a make or dealership the site's
  // finance leaves out) shows the quote as its finance; priced well above
  // where a quote reads 'Enquire for Finance'.
  const used = (await listing(page, '/search/used-cars')).filter((c) => c.price >= 10000);
  const weekly = must(
    await firstDetail(page, used, (c) => !c.youxQuote && !c.finance_estimate),
    'used car at summit-motor-group priced from $10,000 without a finance estimate',
  );
  const quote = page.waitForRequest((r) => r.url().endsWith('/api/youx/quote') && r.method() === 'POST');
  await page.goto(server.url('summit-motor-group', `/cars/${weekly.slug}`));
  const body = JSON.parse((await quote).postData() ?? '{}');
  expect(body.selfAssessedCreditScore).toBe('GREAT');
  expect(body.loanTerm).toBe(5);
  expect(body.purchasePrice > 0).toBeTruthy();
  await expect(sidebar().getByText('per week* indicative credit-check quote')).toBeVisible();

  // On metro-used-cars (strict save controls) a car priced 0 without
  // photos has no Favourite. The listing leaves such cars out, so look in the sitemap.
  await onSite(page, server, 'metro-used-cars');
  const listed = new Set((await listing(page, '/search/used-cars')).map((c) => c.slug));
  const unlisted = (await sitemapSlugs(page)).filter((s) => !listed.has(s)).map((slug) => ({ slug }));
  const bare = must(await firstDetail(page, unlisted, (c) => c.price === 0 && c.photos_count === 0), 'car at metro-used-cars priced 0 without photos');
  await page.goto(server.url('metro-used-cars', `/cars/${bare.slug}`));
  await expect(sidebar().getByRole('button', { name: /^Share/ })).toBeVisible();
  await expect(sidebar().getByRole('button', { name: /^Favourite/ })).toHaveCount(0);
  await page.goto(server.url('metro-used-cars', '/search/used-cars'));
  await expect(page.getByRole('button', { name: /^Save to favourites/ }).first()).toBeVisible();

  // The price comparison reads from market low (left) to market high
  // (right), the marker at the price; green only under 'Great Deal'.
  await onSite(page, server, 'metro-used-cars');
  let great = null;
  for (const c of await listing(page, '/search/used-cars')) {
    const g = await getJSON(page, `/api/cars/${c.slug}/autogauge`);
    if (g?.fill >= 0.65 && g.confidence > 0.2 && g.market_range_min != null && g.market_range_max >= g.listing_price) {
      great = c;
      break;
    }
  }
  must(great, "car at metro-used-cars the price comparison calls a 'Great Deal'");
  await page.goto(server.url('metro-used-cars', `/cars/${great.slug}`));
  const gauge = page.getByTestId('price-comparison');
  await gauge.scrollIntoViewIfNeeded();
  await expect(gauge.getByText('Great Deal')).toBeVisible();
  const ends = gauge.getByTestId('price-comparison-ends').locator('span');
  await expect(ends.first()).toContainText(/^Market low \$/, { useInnerText: true });
  await expect(ends.last()).toContainText(/^Market high \$/, { useInnerText: true });
  const left = await page.evaluate(() => {
    return { ends: [...document.querySelectorAll('[data-testid="price-comparison-ends"] span')].map((e) => e.getBoundingClientRect().x) };
  });
  expect(left.ends[0] < left.ends[1], 'low is left of high').toBeTruthy();
  await expect(gauge).toHaveAttribute('data-tone', 'high');

  // A subscription is labelled as one with the cash price beside it, and a
  // new car's price says what it includes (the feed's DAP is 'Drive Away'):
  // on the car page, its card, the print page and compare.
  await onSite(page, server, 'summit-motor-group');
  const fresh = await listing(page, '/search/new-cars');
  const sub = must(
    await firstDetail(
      page,
      fresh.filter((c) => c.price_display?.kind === 'subscription' && c.price > 0 && c.price_type === 'DAP'),
      (c) => c.subscription_price > 0,
    ),
    'new car at summit-motor-group offered on subscription with a Drive Away price',
  );
  const plain = must(
    fresh.find((c) => c.id !== sub.id && c.model === sub.model && c.price_display?.kind === 'price' && !c.price_display.was && c.price_type === 'DAP') ??
      fresh.find((c) => c.id !== sub.id && c.price_display?.kind === 'price' && !c.price_display.was && c.price_type === 'DAP'),
    'new car at summit-motor-group at a plain Drive Away price',
  );
  const wk = dollars(sub.subscription_price);
  const cash = dollars(sub.price);
  await page.goto(server.url('summit-motor-group', `/cars/${sub.slug}`));
  const block = sidebar().getByTestId('price-block');
  await expect(block.getByText('Subscription', { exact: true })).toBeVisible();
  await expect(block).toContainText(new RegExp(`\\${wk}\\s*\\/wk[\\s\\S]*Cash price \\${cash}\\s*Drive Away`), { useInnerText: true });
  await page.goto(server.url('summit-motor-group', `/print?car_id=${sub.slug}`));
  await expect(page.getByText('Cash price')).toBeVisible();
  // The listing page that shows the subscription car's card, searched by its model.
  const query = encodeURIComponent(sub.model.toLowerCase());
  const found = await getJSON(page, `/api/search?path=%2Fsearch%2Fnew-cars&query=${query}`);
  let at = 0;
  for (let n = 1; n <= (found?.pages ?? 1) && !at; n++) {
    const res = n === 1 ? found : await getJSON(page, `/api/search?path=%2Fsearch%2Fnew-cars&query=${query}&page=${n}`);
    if (res?.hits?.some((c) => c.id === sub.id)) at = n;
  }
  expect(at, `a search for ${sub.model} lists ${sub.slug}`).toBeTruthy();
  await page.goto(server.url('summit-motor-group', `/search/new-cars?query=${query}${at > 1 ? `&page=${at}` : ''}`));
  const card = page.locator('article', { has: page.locator(`a[href$="${sub.slug}"]`) });
  await expect(card.locator('[data-price-kind="subscription"]').getByText('Subscription')).toBeVisible();
  const priced = page.locator('article [data-price-kind="price"]').first();
  await expect(priced.getByText(/^(Drive Away|Excl\. Government Charges)$/)).toBeVisible();
  await page.goto(server.url('summit-motor-group', `/cars/${plain.slug}`));
  await expect(sidebar().getByTestId('price-type').filter({ hasText: 'Drive Away' })).toBeVisible();
  await page.goto(server.url('summit-motor-group', `/compare?ids=${sub.id},${plain.id}`));
  const priceRow = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^Price/ }) });
  await expect(priceRow.getByText(`Subscription ${wk} /wk (cash price ${cash} Drive Away)`)).toBeVisible();
  await expect(priceRow.getByText(`${dollars(plain.price)} Drive Away`)).toBeVisible();
});
