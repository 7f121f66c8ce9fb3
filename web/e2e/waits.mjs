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
