// Journey: each demo site's home page renders with its own name, theme
// colour and menu, in real Chromium against the real server.
import { test, expect, shots, demoSlugs } from './fixtures.mjs';
import { preloadUse, visit, settledPage } from './waits.mjs';

// Chromium reports colours as rgb(); turn a config's #rrggbb into that form.
function rgb(hex) {
  const h = hex.replace('#', '');
  const n = parseInt(h.length === 3 ? h.replace(/./g, '$&$&') : h, 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

test.describe(() => {
  test.use({ viewport: { width: 1280, height: 900 } });
  for (const slug of demoSlugs) {
    test(`${slug}: home page shows its own name, colours and menu`, async ({ page, server, consoleErrors }) => {
      const res = await visit(page, server.url(slug));
      expect(res.status()).toBe(200);

      const site = await page.evaluate(() => fetch('/api/site').then((r) => r.json()));
      expect(site.slug).toBe(slug);
      await expect(page).toHaveTitle(new RegExp(site.name));

      const header = page.locator('header').first();
      await expect(header).toBeVisible();
      await expect(header).toHaveText(new RegExp(site.name, 'i'), { useInnerText: true });
      await expect(header, 'header uses the site theme colour').toHaveCSS('background-color', rgb(site.theme.colors.header));

      for (const item of site.navigation.header) {
        await expect(header.getByText(item.label, { exact: true }).first(), `menu item ${item.label} is in the header`).toBeAttached();
      }
      for (const group of site.navigation.footer) {
        await expect(page.locator('footer').getByText(group.title, { exact: true }).first(), `footer group ${group.title}`).toBeAttached();
      }

      // Its axe scan is axe.test.mjs's, with the menus open and at a phone's width too.

      if (shots) await page.screenshot({ path: `${shots}/${slug}-home.png` });
      expect(consoleErrors, 'no errors in the browser console').toStrictEqual([]);
    });
  }
});

test('another site never shows up under an unknown host', async ({ page, server }) => {
  const res = await page.goto(`http://nobody.localhost:${server.port}/`);
  expect(res.status()).toBe(404);
  for (const slug of demoSlugs) await expect(page.locator('body')).not.toContainText(slug, { useInnerText: true });
});

test('an unknown page answers 404 with the site not-found page', async ({ page, server }) => {
  const res = await visit(page, server.url('harbourside-toyota', '/no-such-page'));
  expect(res.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.locator('header').first()).toHaveText(/Harbourside Toyota/i, { useInnerText: true });
});

// The home page names its opening banner in the head, with the very
// choice of widths the picture offers, so the browser fetches it while the
// app's code loads, at one size only, and Chromium reports no unused preload.
// Each look is a first visit, with nothing in the browser's cache (a banner
// kept from a visit at one width would stand in for the other's fetch): a
// context of its own for each site at each width.
test('the home page preloads exactly the banner it opens on', async ({ browser, server }) => {
  let preloaded = 0;
  for (const slug of demoSlugs) {
    for (const width of [412, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const requests = [];
      const warnings = [];
      page.on('request', (r) => requests.push(new URL(r.url()).pathname + new URL(r.url()).search));
      page.on('console', (m) => /preload/i.test(m.text()) && warnings.push(m.text()));
      await visit(page, server.url(slug));
      const link = await page
        .$eval('link[rel=preload][as=image]', (l) => ({ href: l.getAttribute('href'), set: l.getAttribute('imagesrcset'), sizes: l.getAttribute('imagesizes'), priority: l.getAttribute('fetchpriority') }))
        .catch(() => null);
      const banner = '[data-slide-index="1"] img, [data-slide-index="0"]:only-child img';
      const shown = await page
        .$eval(banner, (i) => ({ src: i.getAttribute('src'), set: i.getAttribute('srcset'), sizes: i.getAttribute('sizes'), priority: i.getAttribute('fetchpriority'), loading: i.getAttribute('loading') }))
        .catch(() => null);
      const use = link && shown ? await preloadUse(page, banner, link.href.split('?')[0]) : null;
      await context.close();
      const what = `${slug} at ${width}`;
      if (!link) continue;
      preloaded++;
      expect(shown, `${what}: the page shows a banner`).toBeTruthy();
      expect({ href: link.href, set: link.set, sizes: link.sizes }, `${what}: the preload matches the opening banner`).toStrictEqual({ href: shown.src, set: shown.set, sizes: shown.sizes });
      expect(link.priority, `${what}: the preload asks for high priority`).toBe('high');
      expect([shown.priority, shown.loading], `${what}: the banner loads at once with high priority`).toStrictEqual(['high', 'eager']);
      const path = link.href.split('?')[0];
      const sizes = [...new Set(requests.filter((u) => u.startsWith(path + '?')))];
      expect(sizes.length, `${what}: one size of the banner, got ${sizes.join(', ')}`).toBe(1);
      expect(use.fetches, `${what}: the banner shown is the preloaded one, fetched once`).toStrictEqual([{ url: use.shown, by: 'link' }]);
      expect(warnings, `${what}: no preload warning`).toStrictEqual([]);
    }
  }
  expect(preloaded > 0, 'some home page preloaded its banner').toBeTruthy();
});

test.describe(() => {
  test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  // A phone's browser zooms a page out when anything makes it wider than the
  // screen (the rows of reviews and locations scroll inside themselves).
  // One page visits each site in turn.
  test('on a phone the home page is no wider than the screen once its lower sections are drawn', async ({ page, server }) => {
    const settled = settledPage(page);
    for (const slug of demoSlugs) {
      await page.goto(server.url(slug));
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      // The sections below the fold are drawn once the visitor scrolls near
      // them (a fling straight past them to a long footer leaves them for the
      // way back up), then the page is scrolled to its end.
      await page.evaluate(() => document.querySelector('main [style*="min-height"]')?.scrollIntoView());
      await expect(page.locator('main [style*="min-height"]')).toHaveCount(0);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect(page.locator('footer')).toBeVisible();
      await settled();
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await expect(page.locator('main section').nth(1), `${slug}: the lower sections are drawn`).toBeAttached();
      const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
      expect(scroll <= client, `${slug}: the page is ${scroll} px wide on a ${client} px screen`).toBeTruthy();
    }
  });
});

test.describe(() => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test('on a phone the home page opens with a quick search that goes to the listing', async ({ page, server }) => {
    await page.goto(server.url('summit-motor-group'));
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const form = page.getByRole('search', { name: 'Quick search' });
    const box = await form.boundingBox();
    expect(box && box.y + box.height <= 844, 'the quick search is on the first screen').toBeTruthy();
    await form.getByRole('combobox', { name: 'Make, model or keywords' }).fill('Toyota');
    // Moving to the price closes the suggestions, as a tap on it does; else
    // they may lie over the Search button.
    const price = form.getByRole('combobox', { name: 'Maximum price' });
    await price.focus();
    await price.selectOption({ label: 'Up to $50,000' });
    await form.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/search/'));
    const url = new URL(page.url());
    expect(url.searchParams.get('query')).toBe('Toyota');
    expect(url.searchParams.get('range[price]')).toBe(':50000');
    await expect(page.locator('[aria-label="Search results"] article').first()).toBeVisible();
  });
});

// The desktop menu keeps each entry on one line at 1366 px.
test('summit-motor-group: the desktop menu keeps each entry on one line at 1366 px, and the header fits every width', async ({ page, server }) => {
  await visit(page, server.url('summit-motor-group'));
  const wrapped = await page.evaluate(() =>
    [...document.querySelectorAll('nav[aria-label="Main"] > ul > li > :first-child')]
      .filter((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size > 1;
      })
      .map((el) => el.textContent.trim()),
  );
  expect(wrapped, 'menu entries on two lines').toStrictEqual([]);

  // At every width the header's row fits the screen whole: the dealer's name
  // is never cut short and no icon runs off the edge (the desktop menu takes
  // over from the menu button only where it fits, and the chat button takes
  // its place among the icons below 1366 px).
  for (const width of [1366, 1280, 1024, 768, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByRole('banner').getByRole('button', { name: 'Chat with us' }).or(page.locator('[data-testid="chat"]')).first()).toBeVisible();
    const fit = await page.evaluate(() => {
      const header = document.querySelector('header');
      const name = header.querySelector('a[href="/"] span');
      const off = [...header.querySelectorAll('a, button')].filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.right > document.documentElement.clientWidth + 0.5 || r.left < -0.5);
      });
      return { cut: name.scrollHeight > name.clientHeight + 1 || name.getBoundingClientRect().width < 60, off: off.map((el) => el.getAttribute('aria-label') || el.textContent.trim()) };
    });
    expect(fit, `the header fits at ${width} px`).toStrictEqual({ cut: false, off: [] });
  }
});
