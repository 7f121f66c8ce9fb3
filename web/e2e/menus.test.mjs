// Journey: open the header's Stock menu with the keyboard on two sites,
// follow a make, and the listing shows as many cars as the menu said.
import { test, expect } from './fixtures.mjs';
import { visit } from './waits.mjs';

// The desktop menu at 1280 px; the phone's menu says its own width.
test.use({ viewport: { width: 1280, height: 1000 } });

const number = (text) => Number(String(text).replace(/[^\d]/g, ''));

for (const slug of ['summit-motor-group', 'harbourside-toyota']) {
  test(`${slug}: the Stock menu's make count is the listing's count`, async ({ page, server }) => {
    await visit(page, server.url(slug, '/'));
    const header = page.getByRole('banner');
    const trigger = header.getByRole('button', { name: 'Stock', exact: true });
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');

    // Keyboard only: focus the trigger, Enter opens, Escape closes.
    await trigger.focus();
    await page.keyboard.press('Enter');
    const makes = page.getByRole('region', { name: 'Top makes' });
    await expect(makes).toBeVisible();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(header, 'the header is marked while the menu is open').toHaveAttribute('data-menu-open', '');
    await page.keyboard.press('Escape');
    await expect(makes).not.toBeAttached();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(trigger, 'focus returns to the trigger').toBeFocused();

    await page.keyboard.press('Enter');
    await expect(makes).toBeVisible();
    // Car types come new, demo, used, only those the site has.
    const types = await page.getByRole('region', { name: 'By type' }).getByRole('link').allInnerTexts();
    const typeNames = types.map((t) => t.split('\n')[0].trim());
    const order = ['New', 'Demo', 'Used'];
    expect(typeNames, `type order ${typeNames}`).toStrictEqual(order.filter((t) => typeNames.includes(t)));
    expect(typeNames.length > 0).toBeTruthy();

    // Follow the second make (the first is often the site's own brand).
    const links = makes.getByRole('link');
    const n = await links.count();
    expect(n >= 1, 'the menu lists makes').toBeTruthy();
    const link = links.nth(Math.min(1, n - 1));
    const [name, countText] = (await link.innerText()).split('\n').map((s) => s.trim()).filter(Boolean);
    const menuCount = number(countText);
    const href = await link.getAttribute('href');
    expect(menuCount > 0, `${name}: ${countText}`).toBeTruthy();
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === href);
    const summary = await page.getByText(/^Showing /).first().innerText();
    const listed = Number(summary.match(/of ([\d,]+)/)?.[1].replace(/,/g, '') ?? -1);
    expect(listed, `${name}: menu says ${menuCount}, listing ${href} says "${summary}"`).toBe(menuCount);
  });
}

test.describe(() => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('mobile: the Stock section opens and lists the same makes', async ({ page, server }) => {
    await visit(page, server.url('summit-motor-group', '/'));
    await page.getByRole('button', { name: 'Menu' }).click();
    const section = page.getByRole('button', { name: 'Stock', exact: true });
    await section.click();
    await expect(section).toHaveAttribute('aria-expanded', 'true');
    const makes = page.getByRole('region', { name: 'Top makes' });
    await expect(makes).toBeVisible();
    await expect(makes.getByRole('link').first()).toBeAttached();
  });
});
