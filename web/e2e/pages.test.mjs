// Journey: a site's own pages (docs/behaviour/screens.md#routes and Navigation).
// From the home page, a breadth-first crawl follows every same-site link of
// every page it reaches — header menus opened, footer, body — and finds no
// placeholder, no empty page, no 4xx or 5xx and no console error. Most pages
// are fetched from the server alone (status, head, the navigation and JSON-LD
// in the HTML); one page of each route pattern of src/config/routes.ts is
// opened in the browser, checked for real content, and its drawn links (menus,
// cards, tabs) join the crawl. Every fixed route answers real content or the
// site's 404; a route the site does not offer is its 404; content pages pass
// axe.
import http from 'node:http';
import AxeBuilder from '@axe-core/playwright';
import { test, expect, demoSlugs } from './fixtures.mjs';
import { settler } from './waits.mjs';
import { patterns, templateOf } from './routes.mjs';

export { templateOf };

// get fetches a URL of a demo site from the server (every *.localhost name
// is this machine), following redirects within the site.
function get(url, { follow = true, hops = 5 } = {}) {
  const lookup = (host, opts, cb) => (opts.all ? cb(null, [{ address: '127.0.0.1', family: 4 }]) : cb(null, '127.0.0.1', 4));
  return new Promise((resolve, reject) => {
    http
      .get(url, { lookup }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (body += d));
        res.on('end', () => {
          const loc = res.headers.location;
          if (follow && loc && res.statusCode >= 300 && res.statusCode < 400 && hops > 0) {
            resolve(get(new URL(loc, url).href, { follow, hops: hops - 1 }));
          } else resolve({ status: res.statusCode, url, body });
        });
      })
      .on('error', reject);
  });
}

// Not pages: pictures, API calls and files are checked for their status only
// (downloads) or not at all.
const skipped = (u) => u.pathname.startsWith('/img/') || u.pathname.startsWith('/api/') || u.pathname.startsWith('/assets/');
const download = (u) => /\.(pdf|xml|txt|ics|vcf|csv)$/i.test(u.pathname);

// Links the server's HTML carries without a browser: the site's navigation
// in its config and the url fields of its JSON-LD.
function serverLinks(html) {
  const out = [];
  const cfg = html.match(/<script id="site-config" type="application\/json">(.*?)<\/script>/s);
  if (cfg) {
    const walk = (items) => {
      for (const i of items || []) {
        if (i.href) out.push(i.href);
        walk(i.children);
      }
    };
    const nav = JSON.parse(cfg[1]).navigation || {};
    for (const v of Object.values(nav)) if (Array.isArray(v)) walk(v.flatMap((g) => (g.links ? g.links : [g])));
  }
  for (const m of html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)) {
    for (const u of m[1].matchAll(/"url":"([^"]+)"/g)) out.push(u[1]);
  }
  return out;
}

// expanded waits up to 5 s for a menu trigger (a locator, so found afresh
// each time: the Radix menu replaces the bar's buttons) to say it is open.
async function expanded(trigger) {
  return trigger
    .and(trigger.page().locator('[aria-expanded="true"]'))
    .waitFor({ timeout: 5000 })
    .then(
      () => true,
      () => false,
    );
}

// domLinks opens every menu of the header in turn (their panels draw their
// links only when open) and returns every link of the rendered page.
async function domLinks(page, settled, openMenus) {
  const hrefs = new Set();
  const grab = async () => {
    for (const h of await page.evaluate(() => [...document.querySelectorAll('a[href]')].map((a) => a.href))) hrefs.add(h);
  };
  await grab();
  if (openMenus) {
    const triggers = page.getByRole('banner').locator('button[aria-expanded]');
    for (const t of await triggers.all()) {
      if (!(await t.isVisible())) continue;
      // The bar's plain buttons give way to the Radix menu once it loads; a
      // click that lands on a button in the middle of that swap is asked
      // again (the swapped bar keeps which entry the visitor opened).
      for (let tries = 1; ; tries++) {
        await t.click();
        if (await expanded(t)) break;
        if (tries === 3) throw new Error(`${page.url()}: the header's "${await t.textContent()}" menu did not open`);
      }
      await settled({ pictures: false });
      await grab();
    }
    await page.keyboard.press('Escape');
  }
  return [...hrefs];
}

// wordsNotOurs are what a site's own pages never read, from its settings:
// a yard of towed stock (caravans) sells no car and books no test drive;
// a New Zealand site has no states, interstate or government charges.
async function wordsNotOurs(origin) {
  const site = JSON.parse((await get(`${origin}/api/site`)).body);
  const words = [];
  if (site.wording?.viewing === 'inspection') words.push(/\b(test drives?|kilometres|odometer|your car|car type|drive away|vehicle location)\b/i);
  if (site.country === 'NZ') words.push(/\b(government charges|interstate|rego and state|NSW|QLD|VIC)\b/i);
  return words;
}

// crawl walks the site from its home page in the journey's page, opening
// the first page of each route pattern in it.
async function crawl(page, server, slug) {
  const origin = new URL(server.url(slug, '/')).origin;
  const errors = [];
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    // A sign-in gate asks GET /api/me, which answers 401 to a signed-out
    // visitor (docs/behaviour/http.md); the browser logs that answer, the page is fine.
    if (/status of 401/.test(m.text()) && new URL(m.location().url || page.url()).pathname === '/api/me') return;
    errors.push(`${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  page.on('response', (r) => r.status() >= 400 && r.request().resourceType() === 'image' && errors.push(`${page.url()}: ${r.url()} answered ${r.status()}`));
  const settled = settler(page);

  const seen = new Set(); // path+query already queued
  const perTemplate = new Map(); // template -> paths checked
  const queriesPerPath = new Map();
  const rendered = new Set(); // templates opened in the browser
  const from = new Map(); // url -> the page that linked it, for messages
  const queue = [];
  const problems = [];
  const stats = { server: 0, browser: 0, downloads: 0, skipped: 0 };
  const offWords = await wordsNotOurs(origin);

  const enqueue = (href, parent) => {
    let u;
    try {
      u = new URL(href, origin);
    } catch {
      return;
    }
    if (u.origin !== origin || !/^https?:$/.test(u.protocol)) return;
    if (skipped(u)) return;
    const key = u.pathname + u.search;
    if (seen.has(key)) return;
    // One query of a page is like another: a search path is checked once,
    // any other page with at most two of its queries.
    if (u.search) {
      const n = queriesPerPath.get(u.pathname) || 0;
      if (u.pathname.startsWith('/search/') ? seen.has(u.pathname) || n >= 1 : n >= 2) return stats.skipped++;
      queriesPerPath.set(u.pathname, n + 1);
    }
    // Cars are one template: two per site.
    const t = templateOf(u.pathname);
    if (t === '/cars/:slug' && (perTemplate.get(t)?.size || 0) + queue.filter((q) => q.t === t).length >= 2) return stats.skipped++;
    seen.add(key);
    from.set(key, parent);
    queue.push({ key, t, download: download(u) });
  };

  const check = (ok, msg) => ok || problems.push(msg);

  enqueue('/', '(start)');
  // Then every fixed route the site answers but nothing links to: each is
  // real content too (docs/behaviour/screens.md: real content or the site's 404).
  let routesAdded = false;
  const addUnlinkedRoutes = async () => {
    routesAdded = true;
    const fixed = patterns.filter((x) => x.fixed && !rendered.has(x.path));
    const answers = await Promise.all(fixed.map((p) => get(origin + p.path, { follow: false })));
    fixed.forEach((p, i) => answers[i].status === 200 && enqueue(p.path, '(the route list)'));
  };
  // Pages fetched from the server alone are fetched a few at a time, while
  // the browser draws its page: each fetch mostly waits on the server.
  const fetching = new Set();
  const fetchAlone = (job, where) => {
    const run = job().catch((e) => problems.push(`${where}: ${e.message}`));
    fetching.add(run);
    run.finally(() => fetching.delete(run));
  };
  for (;;) {
    if (!queue.length) {
      if (fetching.size) await Promise.race(fetching);
      else if (!routesAdded) await addUnlinkedRoutes();
      else break;
      continue;
    }
    if (fetching.size >= 4) await Promise.race(fetching);
    const { key, t, download: file } = queue.shift();
    const where = `${key} (linked from ${from.get(key)})`;
    if (!perTemplate.has(t)) perTemplate.set(t, new Set());
    perTemplate.get(t).add(key);
    if (file) {
      stats.downloads++;
      fetchAlone(async () => {
        const res = await get(origin + key);
        check(res.status === 200, `${where} answered ${res.status}`);
      }, where);
      continue;
    }
    check(t !== null, `${where} is no route of the app`);
    if (t !== null && !rendered.has(t)) {
      // The first page of its pattern: drawn in the browser.
      rendered.add(t);
      stats.browser++;
      const res = await page.goto(origin + key);
      // Its words and links are in once its data is: pictures (a 360 car's
      // every frame, drawn on demand) are not waited for, but a picture
      // answered with an error is one.
      await settled({ pictures: false });
      check(res.status() < 400, `${where} answered ${res.status()}`);
      check(new URL(page.url()).origin === origin, `${where} left the site for ${page.url()}`);
      const main = page.locator('main, #main').first();
      await expect(main).toBeVisible();
      const heading = main.getByRole('heading').first();
      check((await heading.count()) > 0, `${where} has no heading in its main landmark`);
      const text = await page.locator('body').innerText();
      check(!/page is coming soon/i.test(text), `${where} is a placeholder`);
      check(!/Page not found/.test(text), `${where} shows the not-found page`);
      for (const w of offWords) {
        const m = w.exec(text);
        check(!m, `${where} reads "${m?.[0]}", not in this site's words`);
      }
      // Something beyond its headings and menus: words of its own.
      const own = await main.evaluate((m) => {
        const c = m.cloneNode(true);
        c.querySelectorAll('h1, h2, h3, h4, h5, h6, nav, [role="status"]').forEach((e) => e.remove());
        return c.textContent.replace(/\s+/g, ' ').trim().length;
      });
      check(own >= 40, `${where} is empty`);
      for (const h of await domLinks(page, settled, key === '/')) enqueue(h, key);
    } else {
      stats.server++;
      fetchAlone(async () => {
        const res = await get(origin + key);
        check(res.status < 400, `${where} answered ${res.status}`);
        check(new URL(res.url).origin === origin, `${where} left the site for ${res.url}`);
        for (const h of serverLinks(res.body)) enqueue(h, key);
      }, where);
    }
  }
  return { perTemplate, rendered, problems, errors, stats };
}

// Each site is crawled in a journey of its own, one after another: the
// run has one browser.
test.describe('every demo site', () => {
  for (const slug of demoSlugs) {
    test(`${slug}: every page reached from the home page is a real page`, async ({ page, server }) => {
      const started = Date.now();
      const { perTemplate, rendered, problems, errors, stats } = await crawl(page, server, slug);
      const urls = [...perTemplate.values()].reduce((n, s) => n + s.size, 0);
      console.log(
        `${slug}: ${urls} URLs in ${perTemplate.size} templates (${rendered.size} drawn in the browser, ` +
          `${stats.server} fetched, ${stats.downloads} downloads, ${stats.skipped} like ones left out) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      expect(problems).toStrictEqual([]);
      expect(errors).toStrictEqual([]);
      // The crawl reaches well beyond the home page's own links.
      expect(urls >= 15, `only ${urls} URLs reached`).toBeTruthy();
    });
  }
});

for (const slug of demoSlugs) {
  test(`${slug}: each fixed route answers real content or the site's 404`, async ({ server }) => {
    const fixed = patterns.filter((x) => x.fixed);
    const answers = await Promise.all(fixed.map((p) => get(server.url(slug, p.path), { follow: false })));
    fixed.forEach((p, i) => expect([200, 301, 302, 404].includes(answers[i].status), `${p.path} answered ${answers[i].status}`).toBeTruthy());
    // A partner page only one site offers is the other's 404 (docs/behaviour/screens.md).
    const fleet = await get(server.url(slug, '/fleet'));
    expect(fleet.status).toBe(slug === 'summit-motor-group' ? 200 : 404);
  });

  test(`${slug}: content pages read well to every visitor`, async ({ page, server }) => {
    const settled = settler(page);
    for (const path of ['/about-us', '/faqs', '/privacy-policy']) {
      await page.goto(server.url(slug, path));
      await settled();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${path}: ${v.id}`)).toStrictEqual([]);
    }
  });
}
