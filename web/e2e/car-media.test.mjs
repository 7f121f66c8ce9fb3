// Journey: the vehicle page's media block on real demo cars in Chromium — the
// 360 spinner (loading, drag, keys, tabs), the gallery (priority photos as
// the largest paint, no layout shift, fullscreen with keys and focus), and
// the video slide. A page that does not place the block fails the journey
// with a message saying so.
import { test, expect } from './fixtures.mjs';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import AxeBuilder from '@axe-core/playwright';
import { visit } from './waits.mjs';

// Must match web/src/features/car-media/lib/media.ts (docs/behaviour/screens.md and docs/behaviour/constants.md).
const VIDEO_EMBED_PREFIX = 'https://www.youtube.com/embed/';
const SENSITIVITY = 20;

const shots = process.env.CAR_MEDIA_SHOTS || join(tmpdir(), 'car-media-shots');
mkdirSync(shots, { recursive: true });

test.use({ viewport: { width: 1280, height: 900 } });

// A journey's page may reach only our own server: anything else (the video
// site's player) is refused, so nothing loads from outside.
test.beforeEach(async ({ context }) => {
  await context.route(/^https?:\/\/(?![a-z0-9-]+\.localhost[:/])/, (route) => route.abort());
});

// findCar walks the site's listing through the API (listing cards leave out
// photos, frames and video) and answers the first car whose full record,
// from GET /api/cars/{slug}, passes pre and want.
async function findCar(page, server, site, pre, want = () => true) {
  await page.goto(server.url(site, '/robots.txt'));
  for (let p = 1; p <= 40; p++) {
    const res = await page.evaluate((n) => fetch(`/api/search?path=/search/new-used-and-demo-cars/&page=${n}`).then((r) => r.json()), p);
    // A page's cards are read at once; the car's own record has the media.
    const slugs = (res.hits ?? []).map((h) => h.slug);
    const cars = await page.evaluate((ss) => Promise.all(ss.map((s) => fetch(`/api/cars/${s}`).then((r) => r.json()))), slugs);
    for (const { car } of cars) if (car && pre(car) && want(car)) return car;
    if (!res.hits?.length || p >= (res.pages ?? 1)) break;
  }
  return null;
}

// openCar goes to the car's page and waits for the media block; a page
// that does not show it fails the journey, naming the car. The first visit
// to a 360 car has every frame drawn on demand, so the page may take a
// while to go quiet on a busy machine.
async function openCar(page, server, site, slug) {
  await visit(page, server.url(site, `/cars/${slug}`), { timeout: 120_000 });
  const block = page.locator('[aria-roledescription="carousel"][aria-label^="Photos of"], [role="slider"][aria-label^="360° view"]').first();
  await expect(block, `${site} /cars/${slug} renders the car media block (photos carousel or 360° view)`).toBeVisible({ timeout: 5_000 });
}
// assertAccessible checks one part of the page against WCAG 2 A and AA.
async function assertAccessible(page, selector) {
  const { violations } = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `accessibility of ${selector}`).toStrictEqual([]);
}

// The demo gives an interior only to cars with 360 frames.
const spinPre = (h) => h.spin_interior_image && h.status === 'in_stock';
const hasSpin = (c) => (c.spin_images?.length ?? 0) > 0;

test('360 spinner: loads every frame, turns by drag and keys, tabs switch views', async ({ page, server }) => {
  // With less motion asked for, the car does not turn by itself once loaded
  // (docs/behaviour/states.md), so a drag or a key is the only thing turning it.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const car = await findCar(page, server, 'harbourside-toyota', spinPre, hasSpin);
  expect(car, 'a demo car with 360 frames and an interior').toBeTruthy();
  await openCar(page, server, 'harbourside-toyota', car.slug);

  const slider = page.getByRole('slider', { name: /^360° view of/ });
  await expect(slider).toBeVisible();
  // Loading until all frames are in, then the hint.
  await expect(page.getByRole('progressbar')).not.toBeAttached({ timeout: 60_000 });
  await expect(slider.locator('img')).toHaveCount(car.spin_images.length);
  const frames = await slider.locator('img').evaluateAll((imgs) => imgs.map((i) => ({ done: i.complete, w: i.naturalWidth })));
  expect(frames.every((f) => f.done && f.w > 0), 'every frame loaded').toBeTruthy();
  await expect(page.getByText('Swipe to spin')).toBeVisible();

  // Drag: one frame per 20 px, left turns forward.
  const box = await slider.boundingBox();
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width / 2, y);
  await page.mouse.down();
  const start = Number(await slider.getAttribute('aria-valuenow'));
  await page.mouse.move(box.x + box.width / 2 - 5 * SENSITIVITY - 5, y, { steps: 6 });
  await page.mouse.up();
  const n = car.spin_images.length;
  await expect(slider, 'five frames for 105 px').toHaveAttribute('aria-valuenow', String(((start - 1 + 5) % n) + 1));
  // The hint goes once the buyer has turned the car.
  await expect(page.getByText('Swipe to spin')).not.toBeAttached({ timeout: 5_000 });

  // Keys step one frame.
  await slider.focus();
  const before = Number(await slider.getAttribute('aria-valuenow'));
  await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveAttribute('aria-valuenow', String((before % n) + 1));
  await page.keyboard.press('Home');
  await expect(slider).toHaveAttribute('aria-valuenow', '1');
  await expect(page.locator('[aria-label="Features"]').first()).toBeVisible();
  await page.screenshot({ path: join(shots, 'spinner-desktop.png') });
  await assertAccessible(page, '[role="tablist"][aria-label="Car views"]');
  await assertAccessible(page, '[role="slider"][aria-label^="360° view"]');

  // Tabs: Images shows the gallery; Interior the cabin.
  await page.getByRole('tab', { name: 'Interior' }).click();
  const interior = page.getByRole('img', { name: /^Interior of the/ });
  await expect(interior).toBeVisible();
  await page.waitForFunction(() => {
    const i = document.querySelector('img[alt^="Interior of the"]');
    return i?.complete && i.naturalWidth > 0;
  });
  await page.getByRole('tab', { name: 'Images' }).click();
  await expect(page.getByRole('region', { name: /^Photos of the/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Images' })).toHaveAttribute('aria-selected', 'true');
});

test('gallery: first photo is the largest paint with priority, no layout shift, fullscreen keys and focus', async ({ page, server }) => {
  // Outback Caravans opens on the gallery (docs/behaviour/screens.md).
  const car = await findCar(page, server, 'outback-caravans', (h) => h.status === 'in_stock' && h.photos_count > 3);
  expect(car, 'an in-stock caravan with more than 3 photos').toBeTruthy();
  await page.addInitScript(() => {
    window.__lcp = [];
    window.__shifts = [];
    new PerformanceObserver((l) => window.__lcp.push(...l.getEntries())).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((l) => window.__shifts.push(...l.getEntries())).observe({ type: 'layout-shift', buffered: true });
  });
  await openCar(page, server, 'outback-caravans', car.slug);
  const region = page.getByRole('region', { name: /^Photos of the/ });
  await expect(region).toBeVisible();
  // The largest paint is reported once the first photo has been drawn.
  await page.waitForFunction(() => {
    const img = document.querySelector('[data-slide-index="0"] img');
    return img?.complete && img.naturalWidth > 0 && window.__lcp.some((e) => e.element === img);
  }, null, { timeout: 30_000 }).catch(() => {});

  const lcp = await page.evaluate(() => {
    const e = window.__lcp.at(-1)?.element;
    return e ? { tag: e.tagName, slide: e.closest('[data-slide-index]')?.getAttribute('data-slide-index'), priority: e.getAttribute('fetchpriority'), loading: e.getAttribute('loading') } : null;
  });
  expect(lcp, 'the first photo is the largest paint').toStrictEqual({ tag: 'IMG', slide: '0', priority: 'high', loading: 'eager' });
  const mediaShift = await page.evaluate(() => {
    const block = document.querySelector('[aria-roledescription="carousel"]');
    const d = (n) => (n.nodeType === 1 ? `${n.tagName.toLowerCase()}.${[...n.classList].slice(0, 3).join('.')}` : n.nodeName);
    return window.__shifts.flatMap((s) => (s.sources ?? []).map((src) => ({ s, src }))).filter(({ src }) => src.node && block?.contains(src.node))
      .map(({ s, src }) => `${s.value.toFixed(4)} ${d(src.node)} ${JSON.stringify(src.previousRect)} -> ${JSON.stringify(src.currentRect)}`);
  });
  expect(mediaShift, 'no layout shift inside the media block').toStrictEqual([]);

  await expect(page.getByRole('list', { name: 'Thumbnails' }), 'thumbnails for an in-stock car with more than 3 photos').toBeVisible();
  await page.screenshot({ path: join(shots, 'gallery-desktop.png') });
  await assertAccessible(page, '[aria-roledescription="carousel"]');

  // The dialog's code arrives as the pointer crosses the photos
  // (docs/behaviour/screens.md#below-the-fold); the button stays the one
  // the page drew, with its tooltip.
  const trigger = page.getByRole('button', { name: 'Fullscreen' });
  const drawn = await trigger.elementHandle();
  await page.locator('[aria-roledescription="carousel"] [aria-current="true"]').first().hover();
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  await trigger.hover();
  await expect(page.getByRole('tooltip', { name: 'Fullscreen' })).toBeVisible();
  await trigger.click();
  const dialog = page.getByRole('dialog', { name: /^Photos of the/ });
  await expect(dialog).toBeVisible();
  const current = dialog.locator('[aria-roledescription="slide"][aria-current="true"]');
  await expect(current).toHaveAttribute('aria-label', /^Image 1 of \d+$/);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(current).toHaveAttribute('aria-label', /^Image 3 of \d+$/);
  await page.keyboard.press('ArrowLeft');
  await expect(current).toHaveAttribute('aria-label', /^Image 2 of \d+$/);
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement)), 'focus stays in the dialog').toBeTruthy();
  }
  await page.waitForFunction(() => {
    const img = document.querySelector('[role="dialog"] [aria-current="true"] img');
    return img?.complete && img.naturalWidth > 0;
  });
  await page.screenshot({ path: join(shots, 'fullscreen-desktop.png') });
  await assertAccessible(page, '[role="dialog"]');
  // On a phone the counter ('2 / 9') stays on one line beside the title.
  const size = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 740 });
  const counterLines = await dialog.locator('p[aria-live] [aria-hidden]').evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  });
  expect(counterLines, 'the fullscreen counter stays on one line').toBe(1);
  await page.setViewportSize(size);
  await page.keyboard.press('Escape');
  await expect(dialog).not.toBeAttached();
  await expect(trigger, 'focus back on the Fullscreen button').toBeFocused();
  expect(await drawn.evaluate((b) => b.isConnected && b === document.activeElement), 'the button the page drew is the one focused').toBeTruthy();
  await expect(region.locator('[aria-roledescription="slide"][aria-current="true"]')).toHaveAttribute('aria-label', /^Image 2 of \d+$/);
});

test('video slide: the embedded player for the video site, a plain looping video otherwise', async ({ page, server }) => {
  let embedded = false;
  let plain = false;
  for (const site of ['summit-motor-group', 'harbourside-toyota', 'metro-used-cars']) {
    const car = await findCar(page, server, site, (h) => h.video_url?.startsWith(VIDEO_EMBED_PREFIX) && h.photos_count > 0);
    if (!car) continue;
    await openCar(page, server, site, car.slug);
    if (await page.getByRole('tab', { name: 'Images' }).count()) await page.getByRole('tab', { name: 'Images' }).click();
    const frame = page.locator(`iframe[title^="Video of the"]`);
    await expect(frame).toBeAttached();
    await expect(frame).toHaveAttribute('src', car.video_url);
    await expect(frame).toHaveAttribute('loading', 'lazy');
    embedded = true;
    break;
  }
  for (const site of ['summit-motor-group', 'harbourside-toyota', 'metro-used-cars']) {
    const car = await findCar(page, server, site, (h) => h.video_url && !h.video_url.startsWith(VIDEO_EMBED_PREFIX) && h.photos_count > 0);
    if (!car) continue;
    await openCar(page, server, site, car.slug);
    if (await page.getByRole('tab', { name: 'Images' }).count()) await page.getByRole('tab', { name: 'Images' }).click();
    const video = page.locator('video');
    await expect(video).toBeAttached();
    for (const prop of ['loop', 'muted', 'autoplay']) await expect(video, `the video's ${prop}`).toHaveJSProperty(prop, true);
    await expect(video).toHaveAttribute('playsinline');
    await expect(video).toHaveAttribute('src', car.video_url);
    // Previous from the first photo wraps round to the video, the last slide.
    await page.getByRole('region', { name: /^Photos of the/ }).getByRole('button', { name: 'Previous image' }).click();
    // It plays on its own, muted.
    await page.waitForFunction(() => {
      const el = document.querySelector('video');
      return el && !el.paused && el.currentTime > 0 && !el.error;
    });
    plain = true;
    break;
  }
  expect(embedded && plain, `found a car with each kind of video (embedded ${embedded}, file ${plain})`).toBeTruthy();
});

test.describe(() => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('mobile: the gallery and spinner fit a phone screen and swipe', async ({ page, server }) => {
    const car = await findCar(page, server, 'harbourside-toyota', spinPre, hasSpin);
    expect(car).toBeTruthy();
    await openCar(page, server, 'harbourside-toyota', car.slug);
    const slider = page.getByRole('slider', { name: /^360° view of/ });
    await expect(page.getByRole('progressbar')).not.toBeAttached({ timeout: 60_000 });
    const box = await slider.boundingBox();
    expect(box.width <= 390 && box.width > 300, `spinner fits the phone: ${box.width}px`).toBeTruthy();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow <= 0, `no sideways scroll (${overflow}px)`).toBeTruthy();
    await page.screenshot({ path: join(shots, 'spinner-mobile.png') });
    await page.getByRole('tab', { name: 'Images' }).click();
    const gallery = page.getByRole('region', { name: /^Photos of the/ });
    await expect(gallery).toBeVisible();
    const galleryBox = await gallery.boundingBox();
    expect(galleryBox.width <= 390, `gallery fits the phone: ${galleryBox.width}px`).toBeTruthy();
    const galleryOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(galleryOverflow <= 0, `no sideways scroll on the gallery (${galleryOverflow}px)`).toBeTruthy();
    await page.screenshot({ path: join(shots, 'gallery-mobile.png') });
  });
});
