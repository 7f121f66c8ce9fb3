// Journey: a site's own pages (SPEC.md section 2, Routes and Navigation).
// Every link of a site's home page — header menus, footer groups, feature
// links, offers — leads to a real page: no 'coming soon', no 4xx or 5xx, no
// console error; a route the site does not offer is its 404; content pages
// pass axe.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import AxeBuilder from '@axe-core/playwright';
import { server, browser, useJourneys, demoSlugs } from './server.mjs';

useJourneys();

// The site's own page links on its home page, one per path (car pages and
// listings have journeys of their own, so one of each is enough).
async function siteLinks(page, origin) {
  const hrefs = await page.evaluate(() => [...document.querySelectorAll('a[href]')].map((a) => a.href));
  const seen = new Map();
  for (const h of hrefs) {
    const u = new URL(h);
    if (u.origin !== origin) continue;
    const kind = u.pathname.startsWith('/cars/') ? 'car' : u.pathname.startsWith('/search/') ? 'search' : u.pathname;
    if (!seen.has(kind)) seen.set(kind, u.pathname + u.search);
  }
  return [...seen.values()];
}

for (const slug of demoSlugs) {
  test(`${slug}: every link of the home page reaches a real page`, async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const errors = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(`${page.url()}: ${m.text()}`));
    page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
    const home = server.url(slug, '/');
    await page.goto(home, { waitUntil: 'networkidle' });
    // Open the header's dropdowns so their links are in the document too.
    for (const name of ['Service', 'About Us']) {
      const b = page.getByRole('banner').getByRole('button', { name, exact: true });
      if (await b.count()) await b.first().click();
    }
    const links = await siteLinks(page, new URL(home).origin);
    assert.ok(links.length >= 10, `only ${links.length} links on the home page`);
    for (const path of links) {
      const res = await page.goto(server.url(slug, path), { waitUntil: 'networkidle' });
      assert.ok(res.status() < 400, `${path} answered ${res.status()}`);
      await page.locator('main, #main').first().waitFor();
      const text = await page.locator('body').innerText();
      assert.doesNotMatch(text, /page is coming soon|coming soon\.$/im, `${path} is a placeholder`);
      assert.doesNotMatch(text, /Page not found/, `${path} shows the not-found page`);
      assert.ok(text.trim().length > 200, `${path} is empty`);
    }
    assert.deepEqual(errors, []);

    // A partner page only one site offers is the other's 404 (SPEC.md section 2).
    const fleet = await page.goto(server.url(slug, '/fleet'));
    assert.equal(fleet.status(), slug === 'summit-motor-group' ? 200 : 404);

    // Content pages read well to every visitor.
    for (const path of ['/about-us', '/faqs', '/privacy-policy']) {
      await page.goto(server.url(slug, path), { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1 }).waitFor();
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      assert.deepEqual(bad.map((v) => `${path}: ${v.id}`), []);
    }
    await context.close();
  });
}
