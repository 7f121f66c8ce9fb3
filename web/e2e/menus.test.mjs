// Journey: open the header's Stock menu with the keyboard on two sites,
// follow a make, and the listing shows as many cars as the menu said.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { server, browser, useJourneys } from './server.mjs';

useJourneys();

const number = (text) => Number(String(text).replace(/[^\d]/g, ''));

for (const slug of ['summit-motor-group', 'harbourside-toyota']) {
  test(`${slug}: the Stock menu's make count is the listing's count`, async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
    const page = await context.newPage();
    await page.goto(server.url(slug, '/'), { waitUntil: 'networkidle' });
    const header = page.getByRole('banner');
    const trigger = header.getByRole('button', { name: 'Stock', exact: true });
    assert.equal(await trigger.getAttribute('aria-expanded'), 'false');

    // Keyboard only: focus the trigger, Enter opens, Escape closes.
    await trigger.focus();
    await page.keyboard.press('Enter');
    const makes = page.getByRole('region', { name: 'Top makes' });
    await makes.waitFor();
    assert.equal(await trigger.getAttribute('aria-expanded'), 'true');
    assert.equal(await header.getAttribute('data-menu-open'), '', 'the header is marked while the menu is open');
    await page.keyboard.press('Escape');
    await makes.waitFor({ state: 'detached' });
    assert.equal(await trigger.getAttribute('aria-expanded'), 'false');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent?.trim()), 'Stock', 'focus returns to the trigger');

    await page.keyboard.press('Enter');
    await makes.waitFor();
    // Car types come new, demo, used, only those the site has.
    const types = await page.getByRole('region', { name: 'By type' }).getByRole('link').allInnerTexts();
    const typeNames = types.map((t) => t.split('\n')[0].trim());
    const order = ['New', 'Demo', 'Used'];
    assert.deepEqual(typeNames, order.filter((t) => typeNames.includes(t)), `type order ${typeNames}`);
    assert.ok(typeNames.length > 0);

    // Follow the second make (the first is often the site's own brand).
    const links = makes.getByRole('link');
    const n = await links.count();
    assert.ok(n >= 1, 'the menu lists makes');
    const link = links.nth(Math.min(1, n - 1));
    const [name, countText] = (await link.innerText()).split('\n').map((s) => s.trim()).filter(Boolean);
    const menuCount = number(countText);
    const href = await link.getAttribute('href');
    assert.ok(menuCount > 0, `${name}: ${countText}`);
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === href);
    const summary = await page.getByText(/^Showing /).first().innerText();
    const listed = Number(summary.match(/of ([\d,]+)/)?.[1].replace(/,/g, '') ?? -1);
    assert.equal(listed, menuCount, `${name}: menu says ${menuCount}, listing ${href} says "${summary}"`);
    await context.close();
  });
}

test('mobile: the Stock section opens and lists the same makes', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(server.url('summit-motor-group', '/'), { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Menu' }).click();
  const section = page.getByRole('button', { name: 'Stock', exact: true });
  await section.click();
  assert.equal(await section.getAttribute('aria-expanded'), 'true');
  const makes = page.getByRole('region', { name: 'Top makes' });
  await makes.waitFor();
  assert.ok((await makes.getByRole('link').count()) > 0);
  await context.close();
});
