// Journey: every page of every demo site passes the WCAG 2.0, 2.1 and 2.2 A
// and AA automated rules (docs/behaviour/accessibility.md). One page of each
// route of src/config/routes.ts the site offers — a parameter filled with a
// real value from the site's API, a route it does not offer as its 404 page —
// is scanned at 1366 and 390 px; so are the desktop menu, the phone menu, the
// results' filter drawer, a car page's enquiry, test-drive and fullscreen
// gallery dialogs and the chat panel, each open. Two journeys per site (its
// pages; its open states), each on one browser page resized between scans;
// every wait is on a condition, and bounded.
import AxeBuilder from '@axe-core/playwright';
import { test, expect, demoSlugs } from './fixtures.mjs';
import { reachBelowFold, settler, within } from './waits.mjs';
import { patterns } from './routes.mjs';

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const widths = [1366, 390];

// Each journey's page starts at the first width; the scanner resizes it.
test.use({ viewport: { width: 1366, height: 900 } });

// urlsOf maps each page type (a route's view) the site offers to one real
// URL, and the routes it does not offer to one of them (its 404 page; the
// others answer the same).
function urlsOf(site, car, model) {
  const offered = new Set(site.pages.map((p) => p.path));
  // A content page is its Markdown or the component it names: one of each.
  const kind = new Map(site.pages.map((p) => [p.path, p.component ?? 'markdown']));
  const location = site.locations.find((l) => l.visible)?.slug ?? site.locations[0]?.slug;
  const brandOverview = site.pages.find((p) => /^\/[^/:]+\/overview$/.test(p.path))?.path;
  const make = car?.make?.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const fill = (path) => {
    if (path.startsWith('/cars/:slug')) return car && path.replace(':slug', car.slug);
    if (path === '/models/:slug') return model && `/models/${model.slug}`;
    if (path === '/:brand/overview') return brandOverview;
    if (path === '/search/*') return make && `/search/used-cars/${make}`;
    // Moves to its listing (301): the listing is scanned already.
    if (path === '/used-car/*') return null;
    if (path.includes(':slug')) return location && path.replace(':slug', location);
    return path;
  };
  const urls = [];
  const views = new Set();
  let missing = null;
  for (const p of patterns) {
    if (p.configured && !offered.has(p.path) && !(p.path === '/:brand/overview' && brandOverview)) {
      missing ??= p.path.replace(/:[^/]+/g, 'none');
      continue;
    }
    const url = fill(p.path);
    const type = p.view === 'page' ? `page:${kind.get(p.path)}` : p.view;
    if (!url || views.has(type)) continue;
    views.add(type);
    urls.push(url);
  }
  if (missing) urls.push(missing);
  return [...new Set(urls)];
}

// scanner answers the helpers both journeys of a site use on one browser
// page: scan runs axe on the page as it is and keeps each violation with
// where it was found (within: a selector to scan alone, an open dialog or
// menu whose page was scanned already); width resizes and waits for the
// page to settle; opened scans a dialog or menu that `open` opens and
// `shown` shows, then closes it with Escape. A state that does not open is
// a finding too. Every wait is bounded, so a page that hangs is reported
// with where it hung.
function scanner(page, found) {
  const settled = settler(page);
  const frames = () =>
    within(page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))), 10_000, `${page.url()}: no frame drawn in 10 s`);
  const scan = async (where, include) => {
    const builder = new AxeBuilder({ page });
    if (include) builder.include(include);
    const analysed = builder.options({ resultTypes: ['violations'] }).withTags(tags).setLegacyMode(true).analyze();
    const { violations } = await within(analysed, 60_000, `${where}: axe did not finish in 60 s`);
    for (const v of violations) {
      const targets = v.nodes.map((n) => n.target.join(' '));
      const more = targets.length > 5 ? ` and ${targets.length - 5} more` : '';
      found.push(`${where}: ${v.id} (${v.impact}) ${targets.slice(0, 5).join(' | ')}${more}`);
    }
  };
  const width = async (w) => {
    if (page.viewportSize().width === w) return;
    await page.setViewportSize({ width: w, height: w < 768 ? 844 : 900 });
    await frames();
    await settled({ pictures: false });
  };
  const opened = async (where, open, shown, include = '[role="dialog"]') => {
    try {
      await open();
      await shown.waitFor({ timeout: 10_000 });
      await settled({ pictures: false });
      await scan(where, include);
      await page.keyboard.press('Escape');
      await shown.waitFor({ state: 'hidden', timeout: 10_000 });
    } catch (e) {
      found.push(`${where}: did not open and close (${e.message.split('\n')[0]})`);
    }
  };
  return { settled, scan, width, opened };
}

// siteOf reads, through the page, what the journeys scan: the site, the
// URLs of its page types and a car to open.
async function siteOf(page, server, slug) {
  await page.goto(server.url(slug, '/healthz'));
  const [site, search, models] = await page.evaluate(() =>
    Promise.all(['/api/site', '/api/search?path=/search/new-used-and-demo-cars/', '/api/models'].map((u) => fetch(u).then((r) => r.json()))),
  );
  const car = search.hits?.find((h) => h.status === 'in_stock' && !h.reserved) ?? search.hits?.[0];
  return { site, car, urls: urlsOf(site, car, models.models?.[0]) };
}

for (const slug of demoSlugs) {
  test(`${slug}: no axe violation on any page at either width`, async ({ page, server }) => {
    test.setTimeout(300_000);
    const found = [];
    const { settled, scan, width } = scanner(page, found);
    const { urls } = await siteOf(page, server, slug);
    for (const url of urls) {
      await width(1366);
      await page.goto(server.url(slug, url));
      await settled({ pictures: false });
      // What waits below the first screen is scanned too.
      await reachBelowFold(page);
      for (const w of widths) {
        await width(w);
        await scan(`${url} @${w}`);
      }
      if (process.env.AXE_TIMES) console.log(url, Math.round(performance.now()));
    }
    expect(found, `axe violations on ${slug}`).toStrictEqual([]);
  });

  test(`${slug}: no axe violation with a menu, dialog or chat open`, async ({ page, server }) => {
    test.setTimeout(300_000);
    const found = [];
    const { settled, scan, width, opened } = scanner(page, found);
    const { site, car } = await siteOf(page, server, slug);

    // The menus, open.
    await page.goto(server.url(slug, '/'));
    await settled({ pictures: false });
    const header = page.getByRole('banner');
    const trigger = header.locator('button[aria-expanded]').filter({ visible: true }).first();
    if (await trigger.count()) {
      const name = await trigger.innerText();
      await opened(`/ @1366 [menu "${name}" open]`, () => trigger.click(), header.locator('button[aria-expanded="true"]').first(), 'header');
    }
    await width(390);
    await opened('/ @390 [phone menu open]', () => page.getByRole('button', { name: 'Menu', exact: true }).click(), page.getByRole('button', { name: 'Close menu' }), 'header');

    // The results' filter drawer, at a phone's width.
    await page.goto(server.url(slug, site.search.default_path));
    await settled({ pictures: false });
    await opened(`${site.search.default_path} @390 [filters open]`, () => page.getByRole('button', { name: /^Filters/ }).first().click(), page.getByRole('dialog', { name: 'Filters' }));

    // A car page's dialogs and the chat panel, at both widths.
    if (car) {
      const path = `/cars/${car.slug}`;
      for (const w of widths) {
        await width(w);
        await page.goto(server.url(slug, path));
        await settled({ pictures: false });
        for (const [button, title] of [
          ['Enquire Now', /Enquire|Enquiry/],
          ['Book Test Drive', /Test Drive/i],
        ]) {
          const b = page.getByRole('button', { name: button, exact: true }).filter({ visible: true }).first();
          if (await b.count()) await opened(`${path} @${w} [${button} dialog open]`, () => b.click(), page.getByRole('dialog', { name: title }));
        }
        const full = page.getByRole('button', { name: 'Fullscreen' }).filter({ visible: true }).first();
        if (await full.count()) await opened(`${path} @${w} [fullscreen gallery open]`, () => full.click(), page.getByRole('dialog').first());
        const chat = page.getByRole('button', { name: 'Chat with us' }).filter({ visible: true }).first();
        if (await chat.count()) {
          const panel = page.getByRole('dialog', { name: 'Instant Message' });
          try {
            await chat.click();
            await panel.waitFor({ timeout: 10_000 });
            await scan(`${path} @${w} [chat open]`, '[role="dialog"]');
            await panel.getByRole('button', { name: 'Minimise chat' }).click();
            await panel.waitFor({ state: 'hidden', timeout: 10_000 });
          } catch (e) {
            found.push(`${path} @${w} [chat]: did not open and close (${e.message.split('\n')[0]})`);
          }
        }
      }
    }
    expect(found, `axe violations on ${slug}`).toStrictEqual([]);
  });
}
