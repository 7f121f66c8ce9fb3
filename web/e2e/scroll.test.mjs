// Journey: where a page opens (docs/behaviour/screens.md#navigation). A new page
// starts at its top, or at its #anchor once the page has drawn it ('Request
// a Quote' opens /personalised/finance…#finance-form at the form); back and
// forward bring the visitor to where they were, after the page's content
// has loaded again.
import { test, expect } from './fixtures.mjs';
import { visit } from './waits.mjs';

const slug = 'harbourside-toyota';
const cardsSel = '[aria-label="Search results"] article';

// The card under the middle of the screen: the first met across its middle
// line, or just above or below it (the gap between two rows of cards may
// be at the very middle).
const middleCard = (page) =>
  page.evaluate(() => {
    for (const dy of [0, -60, 60])
      for (const x of [0.45, 0.6, 0.75]) {
        const card = document.elementFromPoint(innerWidth * x, innerHeight / 2 + dy)?.closest('article');
        if (card) return card.getAttribute('aria-label');
      }
    return null;
  });

test('a new page opens at its top or anchor; back and forward restore the position', async ({ page, server }) => {
  await visit(page, server.url(slug, '/search/used-cars'));
  await expect(page.locator(cardsSel).nth(20)).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 1500));
  await page.waitForFunction(() => Math.abs(window.scrollY - 1500) < 2);
  const before = await middleCard(page);
  expect(before, 'a card under the middle of the screen').toBeTruthy();

  // A car from the middle of the listing opens at the top of its page.
  await page.locator(`${cardsSel}[aria-label="${before}"]`).first().getByRole('link').first().click();
  await page.waitForURL(/\/cars\//);
  await expect(page.getByTestId('vehicle-sidebar')).toBeVisible();
  expect(await page.evaluate(() => window.scrollY), 'the car page starts at its top').toBe(0);

  // Back: the listing comes back at 1,500 px once its cards are there again.
  await page.goBack();
  await page.waitForURL(/\/search\/used-cars/);
  await page.waitForFunction(
    () => document.querySelectorAll('[aria-label="Search results"] article').length > 20 && Math.abs(window.scrollY - 1500) < 2,
    null,
    { timeout: 10_000 },
  );
  expect(await middleCard(page), 'the same card is under the middle of the screen').toBe(before);

  // Forward: the car page where it was left, at its top.
  await page.goForward();
  await expect(page.getByTestId('vehicle-sidebar')).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // 'Request a Quote' from far down the car page loads the finance page at
  // its form, even though the car's calculator loads in above the form.
  const quote = page.getByRole('link', { name: 'Request a Quote' });
  await page.mouse.move(400, 400);
  await page.mouse.wheel(0, 2500); // the visitor scrolls: the page leaves them be
  await page.waitForFunction(() => window.scrollY > 2000);
  await quote.scrollIntoViewIfNeeded();
  expect((await page.evaluate(() => window.scrollY)) > 900, 'the quote link is far down the car page').toBeTruthy();
  await expect(quote).toHaveAttribute('href', /#finance-form$/);
  await quote.click();
  await page.waitForURL(/finance.*#finance-form$/);
  await expect(page.getByRole('heading', { name: 'Finance Enquiry' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Request a Quote' }).or(page.getByRole('link', { name: 'Request a Quote' })).first()).toBeVisible();
  await page.waitForFunction(
    () => {
      const r = document.getElementById('finance-form')?.getBoundingClientRect();
      return r !== undefined && r.top >= 0 && r.top < innerHeight / 3;
    },
    null,
    { timeout: 10_000 },
  );
});
