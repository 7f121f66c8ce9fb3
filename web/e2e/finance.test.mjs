// Journey: the finance calculator on /finance works out the behaviour docs' formula as
// each input changes, clamps bad amounts with the help text, never shows
// NaN or Infinity, fires event 26 once; the finance pages carry the form;
// the personalised page shows the car a finance link names.
import { test, expect, demoSlugs } from './fixtures.mjs';
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { reachBelowFold, requestsSoFar, visit } from './waits.mjs';

const shots = process.env.FINANCE_SHOTS_DIR; // set to keep screenshots
if (shots) mkdirSync(shots, { recursive: true });

// An independent PMT with a residual, rounded up to the dollar.
function pmt(principal, annualPct, perYear, years, residual = 0) {
  const n = Math.round(years * perYear);
  const r = annualPct / 100 / perYear;
  const f = (1 + r) ** n;
  return Math.ceil(((principal * f - residual) * r) / (f - 1) - 1e-9);
}
const money = (n) => '$' + n.toLocaleString('en-AU', { maximumFractionDigits: 2 });

// expectRepayment: the estimate shows text (as a filter by text reads it:
// any case).
async function expectRepayment(page, text) {
  await expect(page.getByRole('status', { name: 'Estimated repayment' })).toContainText(text, { ignoreCase: true, timeout: 5000 });
}

async function noNaN(page) {
  await expect(page.locator('main'), 'no NaN or Infinity on screen').not.toContainText(/NaN|Infinity/, { useInnerText: true });
}

test.describe(() => {
  test.use({ viewport: { width: 1440, height: 1000 } });
  test('harbourside-toyota /finance: every input moves the repayment by the formula', async ({ page, server }) => {
    const events = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/events') && r.method() === 'POST') events.push(r.postDataJSON());
    });
    await visit(page, server.url('harbourside-toyota', '/finance'));
    await expect(page.getByRole('heading', { name: 'Finance Calculator' })).toBeVisible();

    // Site config: $30,000, 10%, 5 years, weekly, $395 establishment fee
    // financed; fees $6 + $912.25 once and $8 a month added to the total.
    const fees = (years) => 6 + 912.25 + 8 * 12 * years;
    let r = pmt(30395, 10, 52, 5);
    await expectRepayment(page, `${money(r)} per week*`);
    await expectRepayment(page, money(r * 260 + fees(5)));
    expect(events.length, 'no event before any interaction').toBe(0);

    const amount = page.getByRole('textbox', { name: 'Loan amount' });
    await amount.fill('45000');
    // The repayment follows the typing; leaving the field formats the amount.
    await expectRepayment(page, `${money(pmt(45395, 10, 52, 5))} per week*`);
    await amount.press('Tab');
    await expect(amount).toHaveValue('45,000');

    const term = page.getByRole('slider', { name: 'Loan term' });
    await term.focus();
    await term.press('ArrowRight');
    await term.press('ArrowRight');
    await expectRepayment(page, `${money(pmt(45395, 10, 52, 6))} per week*`);

    const interest = page.getByRole('slider', { name: 'Interest rate' });
    await interest.focus();
    for (let i = 0; i < 4; i++) await interest.press('ArrowLeft');
    await expectRepayment(page, `${money(pmt(45395, 8, 52, 6))} per week*`);

    const deposit = page.getByRole('textbox', { name: /Deposit or trade-in/ });
    await deposit.fill('5000');
    await deposit.press('Tab');
    await expectRepayment(page, `${money(pmt(40395, 8, 52, 6))} per week*`);

    const residual = page.getByRole('textbox', { name: /Residual repayment/ });
    await residual.fill('10000');
    await residual.press('Tab');
    await expectRepayment(page, `${money(pmt(40395, 8, 52, 6, 10000))} per week*`);

    await page.getByRole('combobox', { name: 'Repayment frequency' }).selectOption('fortnight');
    await expectRepayment(page, `${money(pmt(40395, 8, 26, 6, 10000))} per fortnight*`);
    await page.getByRole('combobox', { name: 'Repayment frequency' }).selectOption('month');
    r = pmt(40395, 8, 12, 6, 10000);
    await expectRepayment(page, `${money(r)} per month*`);
    // The total carries the $10,000 final payment (docs/behaviour/constants.md#finance-summary).
    await expectRepayment(page, money(r * 72 + 10000 + fees(6)));

    await page.getByRole('button', { name: '$20,000' }).click();
    await expectRepayment(page, `${money(pmt(15395, 8, 12, 6, 10000))} per month*`);

    // The fees block and the finance form section.
    await expect(page.getByRole('heading', { name: 'Fees' })).toBeVisible();
    await expect(page.locator('#finance-form')).toContainText(/Finance Enquiry/, { useInnerText: true });
    await noNaN(page);
    // Every request of the page so far is in: a second event would be too.
    await requestsSoFar(page);
    expect(events.length, `event 26 fired once, got ${JSON.stringify(events)}`).toBe(1);
    expect(events[0].event_id).toBe(26);
    if (shots) await page.screenshot({ path: `${shots}/finance-desktop.png`, fullPage: true });
  });
});

test.describe(() => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test('out-of-range and nonsense amounts clamp with the help text and never show NaN', async ({ page, server }) => {
    await visit(page, server.url('harbourside-toyota', '/finance'));
    const amount = page.getByRole('textbox', { name: 'Loan amount' });
    const help = page.getByText('Cannot be less than $1,000 or more than $250,000');
    for (const [typed, shown] of [
      ['abc', '0'],
      ['-500', '0'],
      ['999999999999999999999999', '100,000'],
      ['500', '1,000'],
      ['', '0'],
      ['12abc345', '12,345'],
    ]) {
      await amount.fill(typed);
      await amount.press('Tab');
      await expect(amount, `typed "${typed}"`).toHaveValue(shown);
      if (shown === '12,345') await expect(help, 'no help text inside the range').toHaveCount(0);
      else await expect(help).toBeVisible();
      await noNaN(page);
    }
    await amount.fill('0');
    await amount.press('Tab');
    await expectRepayment(page, 'Enquire for Finance');
    await expect(page.getByRole('status', { name: 'Estimated repayment' })).not.toContainText(/Total/, { useInnerText: true });

    for (const name of [/Deposit or trade-in/, /Residual repayment/]) {
      const box = page.getByRole('textbox', { name });
      for (const typed of ['abc', '-5', '1e999', '99999999999999999999']) {
        await box.fill(typed);
        await box.press('Tab');
        await noNaN(page);
      }
      await expect(box).toHaveValue('250,000');
      await box.fill('0');
      await box.press('Tab');
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow <= 0, `no sideways scroll on a phone (${overflow}px)`).toBeTruthy();
    await amount.fill('35000');
    await amount.press('Tab');
    if (shots) await page.screenshot({ path: `${shots}/finance-mobile.png`, fullPage: true });
  });
});

test.describe(() => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test('every finance page shows the calculator and the finance form', async ({ page, server, consoleErrors }) => {
    for (const path of ['/finance', '/finance-enquiry', '/apply-for-finance', '/finance-pre-approval', '/personalised/finance']) {
      const res = await visit(page, server.url('summit-motor-group', path));
      expect(res.status(), path).toBe(200);
      await expect(page.getByRole('heading', { name: 'Finance Calculator' })).toBeVisible();
      await expect(page.locator('#finance-form').getByRole('form', { name: 'Finance Enquiry' })).toBeVisible();
      // Angle: $5,000 minimum; $30,000 plus $1,300 establishment fee at 10% over 5 years.
      await expectRepayment(page, `${money(pmt(31300, 10, 52, 5))} per week*`);
    }
    const a11y = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const serious = a11y.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target).join(' ')}`), 'no serious accessibility violations').toStrictEqual([]);
    expect(consoleErrors, 'no errors in the browser console').toStrictEqual([]);
  });

  test('the personalised finance page shows the car a finance link names', async ({ page, server }) => {
    const host = 'harbourside-toyota';
    await visit(page, server.url(host, '/finance'));
    // Find the car through the site's own API, from the browser (it resolves *.localhost).
    const car = await page.evaluate(async () => {
      const res = await fetch('/api/search?path=%2Fsearch%2Fused-cars&refinementList%5Bmake%5D%5B0%5D=Toyota');
      for (const h of (await res.json()).hits) {
        const d = (await (await fetch(`/api/cars/${h.slug}`)).json()).car;
        if (d.nvic && d.finance_estimate && d.price > 1000 && d.price < 100000) return d;
      }
      return null;
    });
    expect(car, 'a used Toyota with an NVIC and an estimate').toBeTruthy();
    const q = new URLSearchParams({
      preferredDealership: car.dealership_slug, vehiclePriceBudget: String(car.price), car_id: String(car.id),
      car_type: car.car_type, vin: car.vin,
    });
    await visit(page, server.url(host, `/personalised/finance?${q}#finance-form`));
    await expect(page.getByRole('heading', { name: new RegExp(`${car.year} ${car.make} ${car.model}`) })).toBeVisible();
    // From a car, the amount is its price: the deposit comes off it.
    await expect(page.getByRole('textbox', { name: 'Purchase price' })).toHaveValue(car.price.toLocaleString('en-AU'));
    const est = car.finance_estimate;
    expect(est.text.startsWith('per week* for used '), est.text).toBeTruthy();
    await expect(page.getByText(est.text)).toBeVisible();
    // The calculator starts from the car's price on its estimate's terms.
    await expectRepayment(page, `${money(est.weekly)} per week*`);
    expect(est.weekly).toBe(pmt(car.price - est.deposit + est.establishment_fee, est.interest_rate, 52, 5, est.balloon));
    await expect(page.locator('#finance-form').getByRole('form', { name: 'Finance Enquiry' })).toBeVisible();

    // A car_id that names nothing still leaves a working calculator.
    await visit(page, server.url(host, '/personalised/finance?car_id=999999999'));
    await expect(page.getByRole('alert').filter({ hasText: 'We could not find that car' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Finance Calculator' })).toBeVisible();
  });
});

// firstFigure: text whose first dollar figure is amount (a $ figure read
// whole, its digits and commas).
const firstFigure = (amount) => new RegExp('^[^$]*' + amount.replace('$', '\\$') + '(?![\\d,])');

test("on every demo site a car page's calculator starts at the car and shows its estimate's figure", async ({ page, server }) => {
  const checked = [];
  for (const host of demoSlugs) {
    await page.goto(server.url(host, '/finance'), { waitUntil: 'domcontentloaded' });
    // A car with a weekly estimate, well away from the site's default amount.
    const car = await page.evaluate(async () => {
      const site = await (await fetch('/api/site')).json();
      const res = await fetch(`/api/search?path=${encodeURIComponent(site.search.default_path)}`);
      for (const h of (await res.json()).hits) {
        if (!h.price || Math.abs(h.price - site.finance.default_amount) < 1000) continue;
        const d = (await (await fetch(`/api/cars/${h.slug}`)).json()).car;
        const e = d.finance_estimate;
        if (e && !e.enquire && e.frequency === 'week') return d;
      }
      return null;
    });
    if (!car) continue; // a site whose cars show no estimate
    const est = car.finance_estimate;
    await page.goto(server.url(host, `/cars/${car.slug}`), { waitUntil: 'domcontentloaded' });
    const sidebar = page.getByTestId('vehicle-sidebar');
    const summary = sidebar.locator('p', { hasText: est.text });
    await expect(summary).toBeVisible();
    const shown = money(est.amount);
    await expect(summary, `${host}: the summary shows the estimate`).toHaveText(firstFigure(shown), { useInnerText: true });
    if (await sidebar.getByText(/^Only \$[\d,]+ \/wk\*$/).count()) {
      await expect(sidebar.getByText(/^Only \$/), `${host}: the chip agrees`).toHaveText(`Only ${shown} /wk*`, { useInnerText: true });
    }
    const calc = page.getByRole('region', { name: 'Finance Calculator' });
    await page.locator('#finance-calculator').scrollIntoViewIfNeeded();
    await expect(calc).toBeVisible();
    await expect(calc.getByRole('textbox', { name: /Loan amount|Purchase price/ }), `${host}: the calculator starts at the car's price`).toHaveValue(car.price.toLocaleString('en-AU'));
    await expectRepayment(page, `${shown} per week*`);
    checked.push(host);
  }
  expect(checked.length >= 4, `sites checked: ${checked.join(', ')}`).toBeTruthy();
});

// docs/behaviour/constants.md#finance-summary, worked out here from the docs'
// formula alone: the amount financed is price − deposit + establishment fee;
// the repayment amortises it over term × periods at rate/100/periods,
// leaving the final payment owing, rounded by the site's rule; the total of
// repayments is every repayment plus the final payment; fees come on top.
function expectedLoan({ price, deposit, balloon, fee, rate, perYear, years, rounding, fees }) {
  const financed = price - deposit + fee;
  const n = Math.round(years * perYear);
  const r = rate / 100 / perYear;
  const f = (1 + r) ** n;
  const raw = ((financed * f - balloon) * r) / (f - 1);
  const repayment = rounding === 'nearest' ? Math.floor(raw + 0.5) : Math.ceil(raw - 1e-9);
  const feeTotal = (fees ?? []).reduce((s, x) => s + (x.per === 'month' ? x.amount * 12 * years : x.amount), 0);
  const repayments = n * repayment + balloon;
  return { financed, repayment, repayments, total: Math.round((repayments + feeTotal) * 100) / 100 };
}

test('on every demo site the headline, calculator and summary show one loan for the deposit and final payment entered @phone', async ({ page, server }, info) => {
  const wide = info.project.name !== 'phone';
  const checked = [];
  for (const host of demoSlugs) {
    await visit(page, server.url(host, '/finance'));
    // Three cars whose page offers finance: an estimate with an amount
    // (not 'Enquire for Finance'), priced inside the calculator's range.
    const { site, cars } = await page.evaluate(async () => {
      const site = await (await fetch('/api/site')).json();
      // Dearest first: a site listing cheapest first starts with cars too
      // cheap for finance.
      const res = await fetch(`/api/search?path=${encodeURIComponent(site.search.default_path)}&sortBy=price_desc`);
      const cars = [];
      for (const h of (await res.json()).hits) {
        if (!(h.price > site.finance.amount.min + 5000)) continue;
        const d = (await (await fetch(`/api/cars/${h.slug}`)).json()).car;
        if (d.available && d.finance_estimate && !d.finance_estimate.enquire) cars.push(d);
        if (cars.length === 3) break;
      }
      return { site, cars };
    });
    if (!site.features.finance_calculator) {
      // A site without the calculator: no car page shows one.
      if (cars[0]) {
        await visit(page, server.url(host, `/cars/${cars[0].slug}`));
        await reachBelowFold(page);
        await expect(page.getByRole('region', { name: 'Finance Calculator' }), `${host}: no calculator`).toHaveCount(0);
      }
      checked.push(`${host} (no calculator)`);
      continue;
    }
    expect(cars.length, `${host}: three cars with finance`).toBe(3);
    for (const car of cars) {
      const est = car.finance_estimate;
      const where = `${host} ${car.slug}`;
      await visit(page, server.url(host, `/cars/${car.slug}`));
      const headline = page.getByTestId('finance-headline');
      // The estimate names the car's own location, not another of the group's.
      await expect(headline.filter({ hasText: ` at ${car.location_name}` })).toBeVisible();
      await expect(page.getByTestId('youx-quote'), `${where}: no second, contradicting figure`).toHaveCount(0);

      const calc = page.getByRole('region', { name: 'Finance Calculator' });
      await page.locator('#finance-calculator').scrollIntoViewIfNeeded();
      await expect(calc).toBeVisible();
      const deposit = Math.round(car.price * 0.15);
      const balloon = Math.round(car.price * 0.2);
      for (const [name, value] of [[/Deposit or trade-in/, deposit], [/Residual repayment/, balloon]]) {
        const box = calc.getByRole('textbox', { name });
        await box.fill(String(value));
        await box.press('Tab');
      }
      const want = expectedLoan({
        price: car.price, deposit, balloon, fee: est.establishment_fee, rate: est.interest_rate,
        perYear: { week: 52, fortnight: 26, month: 12 }[est.frequency], years: est.term_years,
        rounding: site.finance.rounding, fees: site.finance.fees,
      });
      // The calculator has taken both inputs: its figure is the docs' one.
      await expect(calc.locator('[data-repayment]').first(), `${where}: calculator`).toHaveText(money(want.repayment), { useInnerText: true, timeout: 5000 });
      const side = headline.locator('[data-loan-facts]');
      for (const [name, root, sel, figure] of [
        ['headline', headline, '[data-repayment]', money(want.repayment)],
        ['calculator', calc, '[data-repayment]', money(want.repayment)],
        ['headlineFinanced', side, '[data-financed]', money(want.financed)],
        ['calculatorFinanced', calc, '[data-loan-facts] [data-financed]', money(want.financed)],
        ['headlineDeposit', side, '[data-deposit]', `−${money(deposit)}`],
        ['headlineFinal', side, '[data-final]', money(balloon)],
        ['headlineRepayments', side, '[data-repayments]', money(want.repayments)],
        ['calculatorTotal', calc, '[data-total]', money(want.total)],
      ]) {
        await expect(root.locator(sel).first(), `${where}: ${name}`).toHaveText(figure, { useInnerText: true });
      }
      expect(want.repayments >= want.financed, `${where}: the total of repayments covers the amount financed`).toBeTruthy();
      const chip = page.getByTestId('vehicle-sidebar').getByText(/^Only \$[\d,]+ \/wk\*$/);
      if (est.frequency === 'week' && (await chip.count())) {
        await expect(chip, `${where}: the chip agrees`).toHaveText(`Only ${money(want.repayment)} /wk*`, { useInnerText: true });
      }
      if (car === cars[0]) {
        // The page with the buyer's loan passes axe at this width.
        const a11y = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
        const serious = a11y.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(serious.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target).join(' ')}`), `${where}: no serious accessibility violations`).toStrictEqual([]);
      }
      checked.push(where);
    }
    if (shots && host === 'southern-alps-motors') {
      await page.getByTestId('finance-headline').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/finance-one-loan-${wide ? 'desktop' : 'phone'}.png` });
    }
  }
  expect(checked.filter((c) => !c.includes('no calculator')).length, `checked: ${checked.join(', ')}`).toBe(15);
});
