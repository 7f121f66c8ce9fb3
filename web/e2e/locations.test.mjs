// Journey: the locations pages of a one-address site and of a 13-location
// group (docs/behaviour/screens.md#locations-page): every visible location with its
// weekly hours, phone and directions, the holiday-hours dialog, the search
// box kept in locationQuery, AutoDealer JSON-LD matching the data, and no
// serious accessibility violation.
import { test, expect, shots } from './fixtures.mjs';
import AxeBuilder from '@axe-core/playwright';
import { visit, revisit, settledPage } from './waits.mjs';

const days = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

// The table as docs/behaviour/screens.md#opening-hours describes it: Monday to
// Sunday, Closed for a closed day, one Mon–Fri row when the five weekdays
// match.
function expectedRows(hours) {
  const text = (d) => {
    const h = hours.find((x) => x.weekday === d);
    return !h || h.status === 'Closed' ? 'Closed' : h.formated_hours;
  };
  const week = [1, 2, 3, 4, 5, 6, 0].map((d) => [days[d], text(d)]);
  if (week.slice(0, 5).every(([, t]) => t === week[0][1])) return [['Mon–Fri', week[0][1]], ...week.slice(5)];
  return week;
}

// docs/behaviour/validation.md#phone-display: +61 becomes 0, 10 digits grouped 2-4-4.
function displayPhone(p) {
  const digits = p.replace(/^\+61\s*/, '0').replace(/\D/g, '');
  return digits.length === 10 ? `${digits.slice(0, 2)} ${digits.slice(2, 6)} ${digits.slice(6)}` : p;
}

function jsonLD(html) {
  const m = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s);
  expect(m, 'the page carries JSON-LD').toBeTruthy();
  const ld = JSON.parse(m[1]);
  return Array.isArray(ld) ? ld : [ld];
}

// reveal brings a location's card into view: it is shown directly, behind one
// of its group's type tabs, or chosen in its address's department dropdown.
// The list re-renders after the search box changes, so it looks again until
// the card is there (React may not have drawn the new query yet).
async function reveal(page, id) {
  const card = page.locator(`article[data-location-id="${id}"]`);
  const select = page.locator(`select:has(option[value="${id}"])`).first();
  const deadline = Date.now() + 15000;
  while (Date.now() < deadline) {
    if (await card.count()) return card;
    if (await select.count()) {
      await select.selectOption(String(id));
      continue;
    }
    for (const tab of await page.getByRole('tab').all()) {
      await tab.click();
      if ((await card.count()) || (await select.count())) break;
    }
    if (!(await card.count()) && !(await select.count())) await settledPage(page)();
  }
  throw new Error(`location ${id} never appeared on the page`);
}

for (const { slug, count } of [
  { slug: 'harbourside-toyota', count: 3 },
  { slug: 'summit-motor-group', count: 13 },
]) {
  test(`${slug}: the dealer locator shows every location with hours, phone, directions and holiday hours`, async ({ page, server, consoleErrors }) => {
    const res = await visit(page, server.url(slug, '/dealer-locator'));
    expect(res.status()).toBe(200);
    const site = await page.evaluate(() => fetch('/api/site').then((r) => r.json()));
    const visible = site.locations.filter((l) => l.visible);
    expect(visible.length).toBe(count);

    // JSON-LD: one AutoDealer per address, every department's hours.
    const ld = jsonLD(await res.text());
    const described = ld.flatMap((d) => [d, ...(d.department ?? [])]);
    expect(ld.every((d) => d['@type'] === 'AutoDealer')).toBeTruthy();
    expect(described.map((d) => d.name).sort()).toStrictEqual(visible.map((l) => l.name).sort());
    for (const d of described) {
      const l = visible.find((x) => x.name === d.name);
      expect(d.telephone).toBe(displayPhone(l.contact_detail.phone));
      const week = d.openingHoursSpecification.filter((h) => h.dayOfWeek);
      expect(week.length, `${l.name} weekly hours`).toBe(l.contact_detail.opening_hours.filter((h) => h.status === 'Open').length);
    }

    const search = page.getByRole('searchbox', { name: 'Search locations' });
    for (const l of visible) {
      // The filter matches the name; the card shows it directly, behind its
      // type's tab, or in its address's department dropdown.
      await search.fill(l.name);
      // docs/behaviour/validation.md: case-insensitive against name, postcode, street or type.
      const q = l.name.toLowerCase();
      const n = visible.filter((x) =>
        [x.name, x.address.postcode, x.address.street, x.location_type || 'sales'].some((f) => f.toLowerCase().includes(q)),
      ).length;
      await expect(page.getByText(n === 1 ? '1 location' : `${n} locations`, { exact: true })).toBeAttached();
      await page.waitForURL((u) => u.searchParams.get('locationQuery') === l.name);
      const card = await reveal(page, l.id);
      await expect(card.getByRole('heading').first()).toHaveText(l.name, { useInnerText: true });
      const rows = await card.getByTestId('opening-hours').locator('tr').evaluateAll((trs) =>
        trs.map((tr) => [tr.querySelector('th').innerText.trim(), tr.querySelector('td').innerText.trim()]),
      );
      expect(rows, `${l.name} opening hours`).toStrictEqual(expectedRows(l.contact_detail.opening_hours));
      const phone = card.locator('a[href^="tel:"]');
      expect((await phone.innerText()).replace(/^.*\n/, '').trim().slice(-12)).toBe(displayPhone(l.contact_detail.phone));
      const directions = card.getByRole('link', { name: /Get Directions/ });
      await expect(directions).toHaveAttribute('href', l.address.place_url);
      await expect(card.getByRole('link', { name: /Contact Us/ })).toHaveAttribute('href', `/contact-us/${l.slug}`);
    }

    // The query survives a reload, and filters by postcode too.
    const postcode = visible.at(-1).address.postcode;
    await search.fill(postcode);
    await revisit(page);
    await expect(search).toHaveValue(postcode);
    await expect(page.locator('article[data-location-id]').first()).toBeAttached();
    await search.fill('no such place');
    await expect(page.getByText('No locations match your search')).toBeVisible();
    await search.fill('');
    await expect(page).toHaveURL((u) => u.searchParams.get('locationQuery') === null);

    expect(consoleErrors.splice(0), 'no errors in the browser console before the dialog').toStrictEqual([]);
    // The holiday-hours dialog opens with the special dates and closes.
    const first = visible.find((l) => l.primary) ?? visible[0];
    const holiday = first.contact_detail.special_hours[0];
    await page.getByRole('button', { name: 'Holiday Hours' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Holiday Hours' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(new RegExp(holiday.name), { useInnerText: true });
    const [y, m, d] = holiday.date.split('-');
    await expect(dialog).toContainText(new RegExp(`${d}/${m}/${y}`), { useInnerText: true });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // The modal's scroll lock adds a <style> element carrying the page's
    // nonce, so the content security policy lets it through: no error.
    expect(consoleErrors.splice(0)).toStrictEqual([]);

    // The rating box links to the reviews on the same page.
    const rating = page.locator('a[href="#reviews"]').first();
    if (await rating.count()) {
      await rating.click();
      await expect(page.locator('#reviews')).toBeVisible();
    }

    const a11y = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const serious = a11y.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes[0]?.target})`), 'no serious accessibility violations').toStrictEqual([]);
    if (shots) {
      await page.screenshot({ path: `${shots}/${slug}-dealer-locator-1366.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${shots}/${slug}-dealer-locator-390.png`, fullPage: true });
    }

    // One location's page leads with it, carries its JSON-LD, and a
    // missing one is the site's 404.
    const service = visible.find((l) => l.location_type === 'service') ?? first;
    const one = await visit(page, server.url(slug, `/our-location/${service.slug}`));
    expect(one.status()).toBe(200);
    const [lead] = jsonLD(await one.text());
    expect(lead.name).toBe(service.name);
    await expect(page.locator('article[data-location-id]').first()).toHaveAttribute('data-location-id', String(service.id));
    const a11yOne = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(a11yOne.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toStrictEqual([]);
    // Headings nest without skipping a level: the location's name under the page's h1.
    await expect(page.getByRole('heading', { level: 2, name: service.name })).toBeVisible();
    const contact = await visit(page, server.url(slug, `/contact-us/${service.slug}`));
    expect(jsonLD(await contact.text())[0].name).toBe(service.name);
    await expect(page.locator(`article[data-location-id="${service.id}"]`)).toBeVisible();

    // The home page loads featured stock, the reviews strip and the
    // locations summary as the visitor scrolls down to them.
    await visit(page, server.url(slug, '/'));
    await page.locator('footer').scrollIntoViewIfNeeded();
    await expect(page.locator('#home-locations')).toBeVisible();
    await expect(page.locator('#featured-stock')).toBeVisible();
    await expect(page.locator('#reviews')).toBeVisible();
    const a11yHome = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(a11yHome.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} ${v.nodes[0]?.target}`)).toStrictEqual([]);
    expect(consoleErrors.splice(0), 'no errors in the browser console').toStrictEqual([]);
    expect((await page.goto(server.url(slug, '/our-location/nowhere'))).status()).toBe(404);
  });
}
