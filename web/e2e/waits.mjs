// Waits on conditions, for the journeys: no fixed pauses.

// requestsSoFar resolves once every request the page has made up to now
// has been reported to the test. The browser reports a page's requests in
// the order it makes them, so once a marker request made now is seen, so is
// every request before it: "it was sent once" can be checked at once,
// without waiting a while for a second one that never comes.
export async function requestsSoFar(page) {
  const marker = `/robots.txt?requests-so-far=${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  const seen = page.waitForRequest((r) => r.url().endsWith(marker), { timeout: 10_000 });
  await page.evaluate((u) => fetch(u).then(
    () => {},
    () => {},
  ), marker);
  await seen;
}

// within answers what promise answers, or fails with message once ms have
// passed: a bound on a wait for an event, never a pause.
export async function within(promise, ms, message) {
  let timer;
  const bound = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([promise, bound]);
  } finally {
    clearTimeout(timer);
  }
}

// preloadUse waits until the page shows a picture matching selector, then
// answers each fetch the page made of any size of the picture at path (what
// asked for it: 'link' is the preload) and the address the picture shows.
// A preload the page uses is the one fetch, and the shown address is its:
// checked at once, instead of waiting out the browser's few seconds before
// it reports an unused preload.
export async function preloadUse(page, selector, path, { except } = {}) {
  await page.waitForFunction((sel) => [...document.querySelectorAll(sel)].some((i) => i.complete && i.naturalWidth > 0), selector);
  return page.evaluate(
    ({ selector, path, except }) => {
      const rel = (u) => {
        const x = new URL(u, location.href);
        return x.pathname + x.search;
      };
      const skip = except ? new RegExp(except) : null;
      const img = [...document.querySelectorAll(selector)].find((i) => i.complete && i.naturalWidth > 0);
      const fetches = performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname === path && !(skip && skip.test(e.name)))
        .map((e) => ({ url: rel(e.name), by: e.initiatorType }));
      return { fetches, shown: rel(img.currentSrc || img.src) };
    },
    { selector, path, except: except?.source },
  );
}

// settler follows a page's requests (not a playing video's, not the markers
// of requestsSoFar) and answers a function that resolves once the page is
// settled: the app has taken the page over and is not between two views, and
// every request it made has been answered, with the answers drawn and the
// requests they led to answered in turn. "Nothing new was asked" is checked
// by a marker request sent after two drawn frames, not by a quiet spell.
// With { pictures: false } it does not wait for pictures still coming in
// (the page's words and links do not need them); call it again with the
// default before leaving the page, so a broken picture is still reported.
export function settler(page) {
  const inflight = new Set();
  const made = { all: 0, words: 0 }; // requests made: all, and all but pictures
  let idle = [];
  const marker = (r) => r.url().includes('requests-so-far=');
  const media = (r) => ['media', 'websocket', 'eventsource'].includes(r.resourceType()) || /\.(mp4|webm|m3u8)(\?|$)/.test(r.url());
  const counts = (r, pictures) => pictures || r.resourceType() !== 'image';
  const check = () => {
    idle = idle.filter(({ pictures, resolve }) => {
      if ([...inflight].some((r) => counts(r, pictures))) return true;
      resolve();
      return false;
    });
  };
  page.on('request', (r) => {
    if (media(r) || marker(r)) return;
    inflight.add(r);
    made.all++;
    if (r.resourceType() !== 'image') made.words++;
  });
  const done = (r) => {
    if (inflight.delete(r)) check();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  const answered = (pictures) =>
    new Promise((resolve) => {
      idle.push({ pictures, resolve });
      check();
    });
  return async ({ pictures = true, timeout = 20_000 } = {}) => {
    const settle = async () => {
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true' && document.querySelector('#main, main')?.getAttribute('aria-busy') !== 'true', null, { timeout });
      for (;;) {
        const kind = pictures ? 'all' : 'words';
        const before = made[kind];
        await requestsSoFar(page);
        await answered(pictures);
        // The answers are drawn and the effects of what they drew have run
        // (an effect runs after the frame it was drawn in).
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(() => requestAnimationFrame(() => setTimeout(r))))));
        await requestsSoFar(page);
        if (made[kind] === before) return;
      }
    };
    const settling = settle();
    settling.catch(() => {}); // past the bound, its end is no one's concern
    await within(settling, timeout, `${page.url()} still loading ${[...inflight].map((r) => r.url()).join(', ')}`);
  };
}

// settledPage answers the page's one settler (above), made on first use:
// made before the page's first navigation, it follows every request.
const settlers = new WeakMap();
export function settledPage(page) {
  if (!settlers.has(page)) settlers.set(page, settler(page));
  return settlers.get(page);
}

// visit goes to url and resolves, with the navigation's response, once the
// page is settled: the app has taken the page over, every request it made
// is answered and drawn. { pictures: false } and { timeout } as settler's.
export async function visit(page, url, { timeout, ...options } = {}) {
  const settled = settledPage(page);
  const res = await page.goto(url, timeout ? { timeout } : undefined);
  await settled(timeout ? { ...options, timeout } : options);
  return res;
}

// revisit reloads the page and resolves once it is settled again.
export async function revisit(page) {
  const settled = settledPage(page);
  const res = await page.reload();
  await settled();
  return res;
}

// reachBelowFold scrolls through the page as a visitor reading it would,
// so every part that waits below the first screen comes near the viewport
// and loads (docs/behaviour/screens.md#below-the-fold), and resolves once
// none still waits; the page is then put back at its top. It first waits
// for the app to take the page over: a part scrolled past before then is
// never seen near the viewport, and waits until the visitor comes back.
export async function reachBelowFold(page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 20_000 });
  const scrolled = page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (const box of document.querySelectorAll('[data-deferred]')) {
      box.scrollIntoView({ block: 'center' });
      await frame();
    }
  });
  await within(scrolled, 20_000, `${page.url()}: the page did not draw while scrolled through`);
  try {
    await page.waitForFunction(() => !document.querySelector('[data-deferred]'), null, { timeout: 20_000 });
  } catch {
    const left = await page.evaluate(() => [...document.querySelectorAll('[data-deferred]')].map((b) => b.getAttribute('data-deferred') || b.id || b.className));
    throw new Error(`${page.url()}: still waiting below the fold after a scroll through: ${left.join(', ')}`);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}
