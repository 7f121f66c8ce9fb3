// Journey: the vehicle detail page on every demo site, on the real binary in
// Chromium: an in-stock car, a sold car, a caravan, a car with 360 frames
// and a car with video, at desktop (1280) and mobile (390) widths.
import { test, expect, demoSlugs } from './fixtures.mjs';
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { preloadUse, reachBelowFold, settler, visit } from './waits.mjs';

const shots = process.env.E2E_SCREENSHOTS;
if (shots) mkdirSync(shots, { recursive: true });

// The desktop width of these journeys; a journey at a phone's says so.
test.use({ viewport: { width: 1280, height: 900 } });

// size is the viewport of a page at width.
const size = (width) => ({ width, height: width < 600 ? 844 : 900 });

// api reads the site's API from Node: *.localhost is this machine, so the
// request goes to 127.0.0.1 with the site's Host header.
function api(server, slug, path) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port: server.port, path, headers: { Host: `${slug}.localhost`, Accept: 'application/json' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => {
        if (res.statusCode !== 200) return reject(new Error(`${path} on ${slug}: ${res.statusCode} ${body.slice(0, 200)}`));
        resolve(JSON.parse(body));
      });
    });
    req.on('error', reject);
  });
}

// pickCars finds the cars each journey needs through the site's own API.
async function pickCars(server, slug) {
  const base = '/api/search?path=' + encodeURIComponent('/search/new-used-and-demo-cars/');
  const inStock = await api(server, slug, base + '&refinementList%5Bstatus%5D%5B0%5D=in_stock');
  const sold = await api(server, slug, base + '&refinementList%5Bstatus%5D%5B0%5D=sold');
  const picked = { inStock: null, sold: sold.hits[0] };
  // The in-stock journey checks the photo gallery's first paint: take a car
  // that opens on its photos, not on a turning 360 spin (the spin journey's).
  for (const h of inStock.hits) {
    const { car } = await api(server, slug, `/api/cars/${h.slug}`);
    if (!car.spin_images?.length) {
      picked.inStock = h;
      break;
    }
  }
  // Spin frames and video are detail fields: look through the first pages.
  for (let page = 1; page <= 4 && !(picked.spin && picked.video); page++) {
    const list = await api(server, slug, base + '&refinementList%5Bstatus%5D%5B0%5D=in_stock&page=' + page);
    // A page's cars are read at once, and looked through in order.
    const details = await Promise.all(list.hits.map((h) => api(server, slug, `/api/cars/${h.slug}`)));
    for (const { car } of details) {
      if (picked.spin && picked.video) break;
      if (!picked.spin && car.spin_images?.length > 0) picked.spin = car;
      if (!picked.video && car.video_url) picked.video = car;
    }
  }
  return picked;
}

async function shot(page, name) {
  if (shots) await page.screenshot({ path: join(shots, `vehicle-${name}.png`), fullPage: true });
}

const heading = (page) => page.getByRole('heading', { level: 1 });

// a11y: no serious or critical WCAG 2 A/AA violations on the page.
async function assertAccessible(page, what) {
  const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const bad = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), what).toStrictEqual([]);
}

for (const slug of demoSlugs) {
  // One page goes through the steps, resized and sent on from car to car.
  test(`${slug}: vehicle pages`, async ({ page, context, server, pageErrors }) => {
    const cars = await pickCars(server, slug);
    expect(cars.inStock, 'an in-stock car').toBeTruthy();
    expect(cars.sold, 'a sold car').toBeTruthy();
    const site = await api(server, slug, '/api/site');

    await test.step('in-stock car at desktop width', async () => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url(slug, '') });
      await page.addInitScript(() => {
        window.__lcp = [];
        window.__cls = 0;
        new PerformanceObserver((l) => window.__lcp.push(...l.getEntries())).observe({ type: 'largest-contentful-paint', buffered: true });
        new PerformanceObserver((l) => {
          for (const e of l.getEntries()) if (!e.hadRecentInput) window.__cls += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const car = cars.inStock;
      await visit(page, server.url(slug, `/cars/${car.slug}`));
      await expect(heading(page)).toBeVisible();
      await expect(heading(page)).toHaveText(new RegExp(String(car.year)), { useInnerText: true });
      await expect(heading(page)).toHaveText(new RegExp(car.make, 'i'), { useInnerText: true });
      const title = await heading(page).innerText();

      // Breadcrumb: Home first, the title last and current.
      const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
      await expect(crumbs.getByRole('link').first()).toHaveText('Home', { useInnerText: true });
      await expect(crumbs.locator('[aria-current="page"]')).toHaveText(title, { useInnerText: true });

      // Price and actions of an available car.
      const summary = page.getByRole('complementary');
      await expect(summary.getByTestId('price-block')).not.toBeEmpty();
      const primary = summary.getByRole('link', { name: /^(Enquire Now|Instant Message)$/ }).or(summary.getByRole('button', { name: /^(Enquire Now|Instant Message)$/ }));
      await expect(primary.first(), 'Enquire Now or Instant Message').toBeAttached();

      // The largest image is the LCP element, loaded with priority; images
      // carry their size. On a busy machine the picture may paint after
      // network idle: wait for the media block to have painted first.
      if (car.primary_image_url) {
        await page
          .waitForFunction(() => window.__lcp.some((e) => e.element?.closest('[data-testid="vehicle-media"]')), null, { timeout: 15_000 })
          .catch(() => {});
      }
      const lcp = await page.evaluate(() => {
        const e = window.__lcp.at(-1)?.element;
        return e ? { tag: e.tagName, priority: e.getAttribute('fetchpriority'), w: e.getAttribute('width'), h: e.getAttribute('height'), html: e.outerHTML.slice(0, 300) } : null;
      });
      if (car.primary_image_url) {
        expect(lcp, 'an LCP entry').toBeTruthy();
        expect(lcp.tag, `LCP element ${JSON.stringify(lcp)}`).toBe('IMG');
        expect(lcp.priority, lcp.html).toBe('high');
        expect(Number(lcp.w) > 0 && Number(lcp.h) > 0, 'LCP image has width and height').toBeTruthy();
      }
      await expect(page.locator('[data-testid="vehicle-media"] img:not([width])'), 'every media image has width and height').toHaveCount(0);
      expect((await page.evaluate(() => window.__cls)) < 0.1, 'no layout shift from images').toBeTruthy();

      // Keyboard: Show More in key information.
      const key = page.getByRole('region', { name: 'Key Information' });
      const more = key.getByRole('button', { name: 'Show More' });
      if (await more.count()) {
        await more.focus();
        await page.keyboard.press('Enter');
        await expect(key.getByRole('button', { name: 'Show Less' })).toBeVisible();
      }

      // Phone: masked after 5 characters on masking sites, revealed by keyboard.
      const reveal = summary.getByRole('button', { name: /reveal the dealer's phone number/ });
      if (site.features.reveal_phone && !site.features.phone_revealed) {
        await expect(reveal).toHaveText(/^.{5}[X ]+/, { useInnerText: true });
        const logged = page.waitForRequest((r) => r.url().endsWith('/call-reveal') && r.method() === 'POST');
        await reveal.focus();
        await page.keyboard.press('Enter');
        await logged;
        await expect(summary.getByRole('link', { name: /Call the dealer on/ })).toBeVisible();
      } else {
        await expect(reveal, 'the number starts revealed').toHaveCount(0);
        await expect(summary.getByRole('link', { name: /Call the dealer on/ })).toBeVisible();
      }

      // Share copies the page URL.
      await summary.getByRole('button', { name: /^Share/ }).click();
      if (site.vehicle_page.share_toast) {
        await expect(page.getByText(/^Copied .+ to your clipboard!$/)).toBeVisible();
      } else {
        await expect(summary.getByText('Copied', { exact: true })).toBeVisible();
      }
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(server.url(slug, `/cars/${car.slug}`));

      // One print control: Print opens the print view in a new tab, which
      // saves {slug}.pdf.
      if (site.features.print_pdf) {
        await expect(summary.getByRole('link', { name: /^Print/ }), 'one print control').toHaveCount(1);
        const opened = context.waitForEvent('page');
        await summary.getByRole('link', { name: 'Print' }).click();
        const sheet = await opened;
        await sheet.waitForURL((u) => u.pathname === '/print' && u.searchParams.get('car_id') === car.slug);
        const download = sheet.waitForEvent('download');
        await sheet.getByRole('button', { name: 'Download PDF' }).click();
        expect((await download).suggestedFilename()).toBe(`${car.slug}.pdf`);
        await sheet.close();
      }

      // Views counted.
      await expect(page.getByTestId('views-count').first()).toBeVisible();

      // Sticky header after 500 px (the keyboard steps above scrolled the page).
      const sticky = page.getByTestId('sticky-header');
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(sticky).toHaveAttribute('data-shown', 'false');
      await page.evaluate(() => window.scrollTo(0, 700));
      await expect(sticky).toHaveAttribute('data-shown', 'true');
      await page.evaluate(() => window.scrollTo(0, 0));
      await assertAccessible(page, 'in-stock car page');
      await shot(page, `${slug}-in-stock-desktop`);
      expect(pageErrors).toStrictEqual([]);
    });

    await test.step('in-stock car at mobile width', async () => {
      await page.setViewportSize(size(390));
      await visit(page, server.url(slug, `/cars/${cars.inStock.slug}`));
      await expect(heading(page)).toBeVisible();
      const bar = page.getByTestId('mobile-action-bar');
      await expect(bar).toBeVisible();
      await expect(bar).toHaveAttribute('data-opened', 'false');
      await page.evaluate(() => window.scrollTo(0, 1200));
      await expect(bar).toHaveAttribute('data-opened', 'true');
      await page.evaluate(() => window.scrollTo(0, 0));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow <= 0, `no sideways scroll (${overflow}px)`).toBeTruthy();
      await shot(page, `${slug}-in-stock-mobile`);
      expect(pageErrors).toStrictEqual([]);
    });

    await test.step('sold car', async () => {
      await page.setViewportSize(size(1280));
      await visit(page, server.url(slug, `/cars/${cars.sold.slug}`));
      await expect(heading(page)).toBeVisible();
      const type = cars.sold.item_type === 'caravan' ? 'caravan' : 'car';
      await expect(page.getByText(`Unfortunately this ${type} recently sold.`).first()).toBeVisible();
      await expect(page.getByText(`But don't worry, we can help you find a similar ${type}!`)).toBeVisible();
      const summary = page.getByRole('complementary');
      await expect(summary.getByRole('link', { name: 'Enquire Now' })).toHaveCount(0);
      await expect(summary.getByRole('button', { name: /^(Enquire Now|Instant Message|Book a Test Drive)$/ })).toHaveCount(0);
      await expect(summary.getByTestId('price-block')).toHaveCount(0);
      await assertAccessible(page, 'sold car page');
      await shot(page, `${slug}-sold-desktop`);
      expect(pageErrors).toStrictEqual([]);
    });

    if (cars.spin) {
      await test.step('car with 360 frames', async () => {
        // With less motion asked for, the car does not turn by itself once
        // loaded (docs/behaviour/states.md): each arrow key's turn is the only one.
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await visit(page, server.url(slug, `/cars/${cars.spin.slug}`));
        await expect(heading(page)).toBeVisible();
        const media = page.getByTestId('vehicle-media');
        if (site.features.spinner) {
          // Keyboard: the 360 view turns one frame per arrow key once loaded
          // (every frame in: no progress bar, the slider no longer busy).
          const spin = media.getByRole('tab', { name: 'Spin' });
          await spin.click();
          const slider = media.getByRole('slider', { name: /^360° view of/ });
          await expect(slider).toBeVisible();
          await expect(media.locator('[role="slider"][aria-label^="360"]:not([aria-busy])')).toBeVisible({ timeout: 60_000 });
          await expect(media.getByRole('progressbar')).not.toBeAttached();
          const before = Number(await slider.getAttribute('aria-valuenow'));
          const frames = Number(await slider.getAttribute('aria-valuemax'));
          await slider.focus();
          await page.keyboard.press('ArrowRight');
          await expect(slider, 'ArrowRight turns the car one frame').toHaveAttribute('aria-valuenow', String((before % frames) + 1), { timeout: 5_000 });
        } else {
          // Sites without the spinner show the photo gallery.
          await expect(media.getByRole('region', { name: /^Photos of the/ }).or(media.locator('section[aria-roledescription="carousel"]')).first()).toBeVisible();
        }
        await shot(page, `${slug}-spin-desktop`);
        expect(pageErrors).toStrictEqual([]);
        // The next steps see the motion a visitor's settings leave.
        await page.emulateMedia({ reducedMotion: null });
      });
    }

    if (cars.video) {
      await test.step('car with video, fullscreen gallery by keyboard', async () => {
        await visit(page, server.url(slug, `/cars/${cars.video.slug}`));
        await expect(heading(page)).toBeVisible();
        const media = page.getByTestId('vehicle-media');
        const images = media.getByRole('tab', { name: 'Images' });
        if (await images.count()) await images.click();
        await expect(media.locator('iframe, video').first()).toBeAttached();
        const full = media.getByRole('button', { name: 'Fullscreen' }).first();
        if (await full.count()) {
          await full.focus();
          await page.keyboard.press('Enter');
          const dialog = page.getByRole('dialog');
          await expect(dialog).toBeVisible();
          // Pressed before the button's own code came in, Enter fetches the
          // dialog's code and opens it from there: the dialog takes focus
          // once drawn, and a key pressed before goes to the page.
          await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]') != null);
          const slide = dialog.locator('[aria-roledescription="slide"][aria-current="true"]');
          const first = await slide.getAttribute('aria-label');
          await page.keyboard.press('ArrowRight');
          await expect(slide).not.toHaveAttribute('aria-label', first);
          await page.keyboard.press('Escape');
          await expect(dialog).not.toBeAttached();
        }
        await shot(page, `${slug}-video-desktop`);
        expect(pageErrors).toStrictEqual([]);
      });
    }
  });
}

test('outback-caravans: a caravan shows its specifications in metres', async ({ page, server, pageErrors }) => {
  const list = await api(server, 'outback-caravans', '/api/search?path=' + encodeURIComponent('/search/new-used-and-demo-cars/') + '&refinementList%5Bitem_type%5D%5B0%5D=caravan&refinementList%5Bstatus%5D%5B0%5D=in_stock');
  let caravan;
  // One a buyer may book an inspection of: not reserved.
  for (const h of list.hits.filter((h) => !h.reserved)) {
    const { car } = await api(server, 'outback-caravans', `/api/cars/${h.slug}`);
    if (car.specifications?.body_length) {
      caravan = car;
      break;
    }
  }
  expect(caravan, 'a caravan with specifications').toBeTruthy();
  for (const width of [1280, 390]) {
    await page.setViewportSize(size(width));
    await visit(page, server.url('outback-caravans', `/cars/${caravan.slug}`));
    const specs = page.getByRole('region', { name: 'Caravan Specifications' });
    await expect(specs).toBeVisible();
    const metres = (Math.round(caravan.specifications.body_length * 0.3048 * 100) / 100).toString();
    await expect(specs.getByText(new RegExp(`^${metres.replace('.', '\\.')} m`))).toBeVisible();
    await expect(page.getByRole('region', { name: 'Caravan Details' })).toBeVisible();
    // Its summary tiles give a caravan's figures, and it is inspected, not test driven.
    const facts = page.getByRole('list', { name: 'Key facts' }).first();
    for (const label of ['Length', 'Tare', 'ATM', 'Sleeps']) await expect(facts, 'key facts').toHaveText(new RegExp(label), { useInnerText: true });
    await expect(facts, 'key facts').not.toHaveText(/\bkm\b|—/, { useInnerText: true });
    await expect(page.getByRole('button', { name: 'Book a Test Drive' })).toHaveCount(0);
    if (width === 1280) {
      await page.getByRole('button', { name: 'Book an Inspection' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Book an Inspection' });
      await expect(dialog.getByRole('button', { name: 'Book Inspection' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
    await shot(page, `outback-caravans-caravan-${width}`);
    expect(pageErrors).toStrictEqual([]);
  }
});

test('print view and unknown car', async ({ page, server, pageErrors }) => {
  const { inStock } = await pickCars(server, 'metro-used-cars');
  await visit(page, server.url('metro-used-cars', `/print?car_id=${inStock.slug}`));
  await expect(page.getByTestId('print-view')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print this page' })).toBeVisible();
  const res = await page.goto(server.url('metro-used-cars', '/cars/no-such-car'));
  expect(res.status()).toBe(404);
  expect(pageErrors).toStrictEqual([]);
});

// The server names the vehicle page's first picture and its car call in the
// page's head so the browser fetches them with the app's code (Largest
// Contentful Paint). Its rules mirror the app's gallery and spinner: if they
// drift apart, the page fetches a second size of that picture, or the
// preloaded one goes unused.
// Each look is a first visit, with nothing in the browser's cache (a
// picture kept from a visit at one width would stand in for the other's
// fetch): a context of its own for each car at each width.
test('the vehicle page preloads exactly the picture and the call it uses', async ({ browser, server }) => {
  const cases = [];
  const picked = await Promise.all(demoSlugs.map((slug) => pickCars(server, slug)));
  demoSlugs.forEach((slug, i) => {
    cases.push({ slug, car: picked[i].inStock });
    if (picked[i].spin) cases.push({ slug, car: picked[i].spin });
  });
  expect(cases.length >= demoSlugs.length, 'a car per site').toBeTruthy();
  let preloaded = 0;
  for (const { slug, car } of cases) {
    for (const width of [390, 1280]) {
      const context = await browser.newContext({ viewport: size(width) });
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const warnings = [];
      page.on('console', (m) => {
        if (/preload/i.test(m.text())) warnings.push(m.text());
      });
      const requests = [];
      page.on('request', (r) => !r.url().includes('requests-so-far=') && requests.push(new URL(r.url()).pathname + new URL(r.url()).search));
      // The page's data is answered and nothing new is asked; pictures are
      // counted once asked for (a 360 car's every frame, drawn on demand on
      // a first visit, is not waited for), the one shown is waited for below.
      const settled = settler(page);
      await page.goto(server.url(slug, `/cars/${car.slug}`));
      await settled({ pictures: false, timeout: 30_000 });
      await expect(heading(page)).toBeVisible();
      const links = await page.$$eval('link[rel=preload]', (ls) =>
        ls.map((l) => ({ as: l.getAttribute('as'), href: l.getAttribute('href'), set: l.getAttribute('imagesrcset'), sizes: l.getAttribute('imagesizes'), media: l.getAttribute('media') })),
      );
      // The picture the page opens on: the spinner's first frame, or the
      // gallery's first photo (a page the browser drew itself, past the
      // server's render wait, draws it once its media part is in).
      await page.locator('main img[data-frame="0"], main img[fetchpriority="high"]').first().waitFor({ state: 'attached', timeout: 10_000 }).catch(() => {});
      const shown = await page.$$eval('main img[data-frame="0"], main img[fetchpriority="high"]', (is) =>
        is.map((i) => ({
          // A spinner frame's picture is chosen by its <picture> source: the one shown.
          src: i.dataset.frame !== undefined && i.currentSrc ? new URL(i.currentSrc).pathname + new URL(i.currentSrc).search : i.getAttribute('src'),
          set: i.getAttribute('srcset'),
          sizes: i.getAttribute('sizes'),
          frame: i.dataset.frame,
        })),
      );
      const what = `${slug} ${car.slug} at ${width}`;
      const call = `/api/cars/${car.slug}`;
      // A page drawn on the server carries its car; one the browser draws
      // (its render was not ready in time) fetches it once, preloaded.
      const drawn = await page.evaluate(() => document.getElementById('query-state') !== null);
      expect(links.some((l) => l.as === 'fetch' && l.href === call), `${what}: the car call is preloaded unless the page came drawn`).toBe(!drawn);
      expect(requests.filter((u) => u === call).length, `${what}: the car is fetched ${drawn ? 'never' : 'once'}`).toBe(drawn ? 0 : 1);
      const image = links.find((l) => l.as === 'image' && (!l.media || matchMedia(l.media, width)));
      if (image) {
        preloaded++;
        const path = image.href.split('?')[0];
        const sizes = [...new Set(requests.filter((u) => u.startsWith(path + '?') && !/[?&]w=(200|240)\b/.test(u)))];
        expect(sizes.length, `${what}: one size of the first picture, got ${sizes.join(', ')}`).toBe(1);
        const offered = image.set ? image.set.split(', ').map((c) => c.split(' ')[0]) : [image.href];
        expect(offered.includes(sizes[0]), `${what}: the picture fetched (${sizes[0]}) is one the preload offers`).toBeTruthy();
        // The preload offers the browser the very choice the picture does.
        const first = shown.find((i) => (image.set ? i.frame === undefined : i.frame === '0'));
        expect(first, `${what}: the page shows the preloaded picture`).toBeTruthy();
        expect(image.set ? { src: image.href, set: image.set, sizes: image.sizes } : { src: image.href }, `${what}: the preload matches the picture`).toStrictEqual(image.set ? { src: first.src, set: first.set, sizes: first.sizes } : { src: first.src });
        // Thumbnails (200 and 240 wide) are other fetches of the same picture.
        const use = await preloadUse(page, image.set ? 'main img[fetchpriority="high"]:not([data-frame])' : 'main img[data-frame="0"]', path, { except: /[?&]w=(200|240)\b/ });
        expect(use.fetches, `${what}: the picture shown is the preloaded one, fetched once`).toStrictEqual([{ url: use.shown, by: 'link' }]);
      }
      expect(warnings, `${what}: no preload warning`).toStrictEqual([]);
      expect(errors, `${what}: no page errors`).toStrictEqual([]);
      await context.close();
    }
  }
  expect(preloaded > 0, 'some page preloaded its first picture').toBeTruthy();
});

// matchMedia answers the two width queries the server writes.
function matchMedia(media, width) {
  const max = /max-width:\s*(\d+)px/.exec(media);
  const min = /min-width:\s*(\d+)px/.exec(media);
  return (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
}

test.describe(() => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('metro-used-cars: a car whose price dropped says so, shows its history and its card tag', async ({ page, server }) => {
    await visit(page, server.url('metro-used-cars', '/search/used-cars'));
    // The demo drops the prices of some cars; the site tags recent drops.
    const hit = await page.evaluate(async () => {
      for (let p = 1; p <= 10; p++) {
        const r = await fetch(`/api/search?path=${encodeURIComponent('/search/used-cars')}&page=${p}`).then((x) => x.json());
        const h = r.hits.find((x) => x.tag?.kind === 'price_drop');
        if (h || p >= r.pages) return h ? { path: `/cars/${h.slug}`, page: p } : null;
      }
      return null;
    });
    expect(hit, 'a card of metro-used-cars carries the price drop tag').toBeTruthy();
    await page.goto(server.url('metro-used-cars', `/search/used-cars${hit.page > 1 ? `?page=${hit.page}` : ''}`));
    const card = page.locator('article', { has: page.locator(`a[href="${hit.path}"]`) }).first();
    await expect(card.getByText('Price drop', { exact: true })).toBeVisible();

    await page.goto(server.url('metro-used-cars', hit.path));
    const { car } = await page.evaluate((p) => fetch(`/api/cars/${p.split('/').pop()}`).then((r) => r.json()), hit.path);
    const h = car.price_history;
    expect(h.length >= 2 && h.at(-1).price < h.at(-2).price, `the history ends in a drop: ${JSON.stringify(h)}`).toBeTruthy();
    const drop = page.getByTestId('price-drop');
    const amount = (h.at(-2).price - h.at(-1).price).toLocaleString('en-AU');
    await expect(drop).toHaveText(new RegExp(`^Price dropped \\$${amount} on \\d{1,2} [A-Z][a-z]{2,3}$`), { useInnerText: true });
    const table = page.getByRole('table', { name: "The car's price since it was listed, oldest first" });
    await reachBelowFold(page);
    await table.scrollIntoViewIfNeeded();
    await expect(table.locator('tbody tr')).toHaveCount(h.length);
    const box = await page.getByRole('heading', { name: 'Price history' }).locator('..').boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390, 'the history fits the phone').toBeTruthy();
  });
});

// docs/behaviour/screens.md#car-identity: metro-used-cars shows a car's VIN
// and rego, and its history report is the site's own PDF
// (docs/behaviour/http.md#api-history-report), opened with event 60.
test('metro-used-cars: a car with a history report shows its VIN and the report', async ({ page, context, server, pageErrors }) => {
  const base = '/api/search?path=' + encodeURIComponent('/search/used-cars') + '&refinementList%5Bstatus%5D%5B0%5D=in_stock';
  let car;
  for (let p = 1; p <= 6 && !car; p++) {
    const list = await api(server, 'metro-used-cars', `${base}&page=${p}`);
    const details = await Promise.all(list.hits.map((h) => api(server, 'metro-used-cars', `/api/cars/${h.slug}`)));
    car = details.map((d) => d.car).find((c) => c.file && c.vin && c.available);
  }
  expect(car, 'an in-stock car of metro-used-cars with a history report and a VIN').toBeTruthy();
  await page.goto(server.url('metro-used-cars', `/cars/${car.slug}`));
  const identity = page.getByRole('region', { name: 'Identity and Registration' });
  await expect(identity.getByText(car.vin, { exact: true })).toBeVisible();
  const link = page.getByRole('link', { name: 'History Report' }).first();
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', car.file);
  const url = new URL(car.file, page.url());
  expect(url.origin, 'the report is on the site itself').toBe(new URL(page.url()).origin);
  // Asked for as the page would: *.localhost resolves in the browser.
  const res = await page.evaluate(async (u) => {
    const r = await fetch(u);
    const head = new TextDecoder().decode((await r.arrayBuffer()).slice(0, 5));
    return { status: r.status, type: r.headers.get('content-type'), head };
  }, url.href);
  expect(res).toStrictEqual({ status: 200, type: 'application/pdf', head: '%PDF-' });
  // Opening it sends event 60, and the report opens in a tab of its own:
  // once the app has taken over the page drawn on the server.
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const event = page.waitForRequest((r) => r.url().endsWith('/api/events') && r.postDataJSON()?.event_id === 60);
  const tab = context.waitForEvent('page');
  await link.click();
  await event;
  await (await tab).close();
  expect(pageErrors).toStrictEqual([]);
});
