// Finds demo cars by what they are, through the site's own API, so a
// journey does not name a car by slug and survives a change of demo stock.
// dollars formats whole dollars as the site shows them: 80990 -> "$80,990".
export const dollars = (n) => `$${Math.round(n).toLocaleString('en-AU')}`;

// onSite points page at the site's host on server (a plain file, no app),
// so the page's fetch reaches that site's API.
export async function onSite(page, server, site) {
  await page.goto(server.url(site, '/robots.txt'));
}

// getJSON fetches path on the page's site and answers its JSON.
export function getJSON(page, path) {
  return page.evaluate((p) => fetch(p).then((r) => (r.ok ? r.json() : null)), path);
}

// listing answers every hit of a listing path (all pages) with the given
// extra query (sortBy, refinementList[…], query), in the listing's order.
export async function listing(page, path, extra = '') {
  const hits = [];
  for (let n = 1; n <= 60; n++) {
    const res = await getJSON(page, `/api/search?path=${encodeURIComponent(path)}&page=${n}${extra ? `&${extra}` : ''}`);
    hits.push(...(res?.hits ?? []));
    if (!res?.hits?.length || n >= (res.pages ?? 1)) break;
  }
  return hits;
}

// detail answers the car's full record (GET /api/cars/{slug}).
export async function detail(page, slug) {
  return (await getJSON(page, `/api/cars/${encodeURIComponent(slug)}`))?.car ?? null;
}

// firstDetail answers the full record of the first of hits whose record
// passes want, or null.
export async function firstDetail(page, hits, want) {
  for (const hit of hits) {
    const car = await detail(page, hit.slug);
    if (car && (await want(car))) return car;
  }
  return null;
}

// sitemapSlugs answers the slug of every car page the site's sitemap lists:
// cars the listing leaves out under the site's stock rules too.
export async function sitemapSlugs(page) {
  const xml = await page.evaluate(() => fetch('/sitemap.xml').then((r) => r.text()));
  return [...xml.matchAll(/<loc>[^<]*\/cars\/([^<\/]+)<\/loc>/g)].map((m) => m[1]);
}

// must fails the journey, saying what kind of car the demo stock lacked,
// when found is empty; otherwise it answers found.
export function must(found, what) {
  if (!found) throw new Error(`the demo stock has no ${what}`);
  return found;
}
