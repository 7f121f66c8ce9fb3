// Journey: the vehicle page's media block on real demo cars in Chromium — the
// 360 spinner (loading, drag, keys, tabs), the gallery (priority photos as
// the largest paint, no layout shift, fullscreen with keys and focus), and
// the video slide. A page that does not place the block fails the journey
// with a message saying so.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import AxeBuilder from '@axe-core/playwright';
import { startServer, startBrowser } from './server.mjs';

// Must match web/src/features/car-media/lib/media.ts (docs/behaviour/screens.md and docs/behaviour/constants.md).
const VIDEO_EMBED_PREFIX = 'https://www.youtube.com/embed/';
const SENSITIVITY = 20;

let server;
let browser;
const shots = process.env.CAR_MEDIA_SHOTS || join(tmpdir(), 'car-media-shots');

before(async () => {
  server = await startServer();
  browser = await startBrowser();
  mkdirSync(shots, { recursive: true });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

// newPage opens a page that may reach only our own server: anything else
// (the video site's player) is refused, so nothing loads from outside.
async function newPage(viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport });
  await context.route(/^https?:\/\/(?![a-z0-9-]+\.localhost[:/])/, (route) => route.abort());
  return { context, page: await context.newPage() };
}

// findCar walks the site's listing through the API (listing cards leave out
// photos, frames and video) and answers the first car whose full record,
// from GET /api/cars/{slug}, passes pre and want.
async function findCar(page, site, pre, want = () => true) {
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
async function openCar(page, site, slug) {
  await page.goto(server.url(site, `/cars/${slug}`), { waitUntil: 'networkidle', timeout: 120_000 });
  const block = page.locator('[aria-roledescription="carousel"][aria-label^="Photos of"], [role="slider"][aria-label^="360° view"]').first();
  try {
    await block.waitFor({ timeout: 5_000 });
  } catch {
    assert.fail(`${site} /cars/${slug} does not render the car media block (photos carousel or 360° view)`);
  }
}
// assertAccessible checks one part of the page against WCAG 2 A and AA.
async function assertAccessible(page, selector) {
  const { violations } = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa']).analyze();
  assert.deepEqual(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), [], `accessibility of ${selector}`);
}

// The demo gives an interior only to cars with 360 frames.
const spinPre = (h) => h.spin_interior_image && h.status === 'in_stock';
const hasSpin = (c) => (c.spin_images?.length ?? 0) > 0;

test('360 spinner: loads every frame, turns by drag and keys, tabs switch views', async () => {
  const { context, page } = await newPage();
  // With less motion asked for, the car does not turn by itself once loaded
  // (docs/behaviour/states.md), so a drag or a key is the only thing turning it.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const car = await findCar(page, 'harbourside-toyota', spinPre, hasSpin);
  assert.ok(car, 'a demo car with 360 frames and an interior');
  await openCar(page, 'harbourside-toyota', car.slug);

  const slider = page.getByRole('slider', { name: /^360° view of/ });
  await slider.waitFor();
  // Loading until all frames are in, then the hint.
  await page.getByRole('progressbar').waitFor({ state: 'detached', timeout: 60_000 });
  const frames = await slider.locator('img').evaluateAll((imgs) => imgs.map((i) => ({ done: i.complete, w: i.naturalWidth })));
  assert.equal(frames.length, car.spin_images.length);
  assert.ok(frames.every((f) => f.done && f.w > 0), 'every frame loaded');
  await page.getByText('Swipe to spin').waitFor();

  // Drag: one frame per 20 px, left turns forward.
  const box = await slider.boundingBox();
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width / 2, y);
  await page.mouse.down();
  const start = Number(await slider.getAttribute('aria-valuenow'));
  await page.mouse.move(box.x + box.width / 2 - 5 * SENSITIVITY - 5, y, { steps: 6 });
  await page.mouse.up();
  const n = car.spin_images.length;
  assert.equal(Number(await slider.getAttribute('aria-valuenow')), ((start - 1 + 5) % n) + 1, 'five frames for 105 px');
  // The hint goes once the buyer has turned the car.
  await page.getByText('Swipe to spin').waitFor({ state: 'detached', timeout: 5_000 });

  // Keys step one frame.
  await slider.focus();
  const before = Number(await slider.getAttribute('aria-valuenow'));
  await page.keyboard.press('ArrowRight');
  assert.equal(Number(await slider.getAttribute('aria-valuenow')), (before % n) + 1);
  await page.keyboard.press('Home');
  assert.equal(await slider.getAttribute('aria-valuenow'), '1');
  await page.locator('[aria-label="Features"]').first().waitFor();
  await page.screenshot({ path: join(shots, 'spinner-desktop.png') });
  await assertAccessible(page, '[role="tablist"][aria-label="Car views"]');
  await assertAccessible(page, '[role="slider"][aria-label^="360° view"]');

  // Tabs: Images shows the gallery; Interior the cabin.
  await page.getByRole('tab', { name: 'Interior' }).click();
  const interior = page.getByRole('img', { name: /^Interior of the/ });
  await interior.waitFor();
  await page.waitForFunction(() => {
    const i = document.querySelector('img[alt^="Interior of the"]');
    return i?.complete && i.naturalWidth > 0;
  });
  await page.getByRole('tab', { name: 'Images' }).click();
  await page.getByRole('region', { name: /^Photos of the/ }).waitFor();
  assert.equal(await page.getByRole('tab', { name: 'Images' }).getAttribute('aria-selected'), 'true');
  await context.close();
});

test('gallery: first photo is the largest paint with priority, no layout shift, fullscreen keys and focus', async () => {
  const { context, page } = await newPage();
  // Outback Caravans opens on the gallery (docs/behaviour/screens.md).
  const car = await findCar(page, 'outback-caravans', (h) => h.status === 'in_stock' && h.photos_count > 3);
  assert.ok(car, 'an in-stock caravan with more than 3 photos');
  await page.addInitScript(() => {
    window.__lcp = [];
    window.__shifts = [];
    new PerformanceObserver((l) => window.__lcp.push(...l.getEntries())).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((l) => window.__shifts.push(...l.getEntries())).observe({ type: 'layout-shift', buffered: true });
  });
  await openCar(page, 'outback-caravans', car.slug);
  const region = page.getByRole('region', { name: /^Photos of the/ });
  await region.waitFor();
  // The largest paint is reported once the first photo has been drawn.
  await page.waitForFunction(() => {
    const img = document.querySelector('[data-slide-index="0"] img');
    return img?.complete && img.naturalWidth > 0 && window.__lcp.some((e) => e.element === img);
  }, null, { timeout: 30_000 }).catch(() => {});

  const lcp = await page.evaluate(() => {
    const e = window.__lcp.at(-1)?.element;
    return e ? { tag: e.tagName, slide: e.closest('[data-slide-index]')?.getAttribute('data-slide-index'), priority: e.getAttribute('fetchpriority'), loading: e.getAttribute('loading') } : null;
  });
  assert.deepEqual(lcp, { tag: 'IMG', slide: '0', priority: 'high', loading: 'eager' }, 'the first photo is the largest paint');
  const mediaShift = await page.evaluate(() => {
    const block = document.querySelector('[aria-roledescription="carousel"]');
    const d = (n) => (n.nodeType === 1 ? `${n.tagName.toLowerCase()}.${[...n.classList].slice(0, 3).join('.')}` : n.nodeName);
    return window.__shifts.flatMap((s) => (s.sources ?? []).map((src) => ({ s, src }))).filter(({ src }) => src.node && block?.contains(src.node))
      .map(({ s, src }) => `${s.value.toFixed(4)} ${d(src.node)} ${JSON.stringify(src.previousRect)} -> ${JSON.stringify(src.currentRect)}`);
  });
  assert.deepEqual(mediaShift, [], 'no layout shift inside the media block');

  assert.ok(await page.getByRole('list', { name: 'Thumbnails' }).isVisible(), 'thumbnails for an in-stock car with more than 3 photos');
  await page.screenshot({ path: join(shots, 'gallery-desktop.png') });
  await assertAccessible(page, '[aria-roledescription="carousel"]');

  const trigger = page.getByRole('button', { name: 'Fullscreen' });
  await trigger.hover();
  await page.getByRole('tooltip', { name: 'Fullscreen' }).waitFor();
  await trigger.click();
  const dialog = page.getByRole('dialog', { name: /^Photos of the/ });
  await dialog.waitFor();
  const current = () => dialog.locator('[aria-roledescription="slide"][aria-current="true"]').getAttribute('aria-label');
  assert.match(await current(), /^Image 1 of \d+$/);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.match(await current(), /^Image 3 of \d+$/);
  await page.keyboard.press('ArrowLeft');
  assert.match(await current(), /^Image 2 of \d+$/);
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    assert.ok(await dialog.evaluate((d) => d.contains(document.activeElement)), 'focus stays in the dialog');
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
  assert.equal(counterLines, 1, 'the fullscreen counter stays on one line');
  await page.setViewportSize(size);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  assert.ok(await trigger.evaluate((b) => b === document.activeElement), 'focus back on the Fullscreen button');
  assert.match(await region.locator('[aria-roledescription="slide"][aria-current="true"]').getAttribute('aria-label'), /^Image 2 of \d+$/);
  await context.close();
});

test('video slide: the embedded player for the video site, a plain looping video otherwise', async () => {
  const { context, page } = await newPage();
  let embedded = false;
  let plain = false;
  for (const site of ['summit-motor-group', 'harbourside-toyota', 'metro-used-cars']) {
    const car = await findCar(page, site, (h) => h.video_url?.startsWith(VIDEO_EMBED_PREFIX) && h.photos_count > 0);
    if (!car) continue;
    await openCar(page, site, car.slug);
    if (await page.getByRole('tab', { name: 'Images' }).count()) await page.getByRole('tab', { name: 'Images' }).click();
    const frame = page.locator(`iframe[title^="Video of the"]`);
    await frame.waitFor({ state: 'attached' });
    assert.equal(await frame.getAttribute('src'), car.video_url);
    assert.equal(await frame.getAttribute('loading'), 'lazy');
    embedded = true;
    break;
  }
  for (const site of ['summit-motor-group', 'harbourside-toyota', 'metro-used-cars']) {
    const car = await findCar(page, site, (h) => h.video_url && !h.video_url.startsWith(VIDEO_EMBED_PREFIX) && h.photos_count > 0);
    if (!car) continue;
    await openCar(page, site, car.slug);
    if (await page.getByRole('tab', { name: 'Images' }).count()) await page.getByRole('tab', { name: 'Images' }).click();
    const video = page.locator('video');
    await video.waitFor({ state: 'attached' });
    const v = await video.evaluate((el) => ({ loop: el.loop, muted: el.muted, autoplay: el.autoplay, inline: el.hasAttribute('playsinline'), src: el.getAttribute('src') }));
    assert.deepEqual(v, { loop: true, muted: true, autoplay: true, inline: true, src: car.video_url });
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
  assert.ok(embedded && plain, `found a car with each kind of video (embedded ${embedded}, file ${plain})`);
  await context.close();
});

test('mobile: the gallery and spinner fit a phone screen and swipe', async () => {
  const { context, page } = await newPage({ width: 390, height: 844 });
  const car = await findCar(page, 'harbourside-toyota', spinPre, hasSpin);
  assert.ok(car);
  await openCar(page, 'harbourside-toyota', car.slug);
  const slider = page.getByRole('slider', { name: /^360° view of/ });
  await page.getByRole('progressbar').waitFor({ state: 'detached', timeout: 60_000 });
  const box = await slider.boundingBox();
  assert.ok(box.width <= 390 && box.width > 300, `spinner fits the phone: ${box.width}px`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no sideways scroll (${overflow}px)`);
  await page.screenshot({ path: join(shots, 'spinner-mobile.png') });
  await page.getByRole('tab', { name: 'Images' }).click();
  const gallery = page.getByRole('region', { name: /^Photos of the/ });
  await gallery.waitFor();
  const galleryBox = await gallery.boundingBox();
  assert.ok(galleryBox.width <= 390, `gallery fits the phone: ${galleryBox.width}px`);
  const galleryOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(galleryOverflow <= 0, `no sideways scroll on the gallery (${galleryOverflow}px)`);
  await page.screenshot({ path: join(shots, 'gallery-mobile.png') });
  await context.close();
});
