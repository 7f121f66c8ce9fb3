// Journey: every view of the route table arrives drawn with its data. Each
// view's loader (src/app/view-loader.ts, docs/architecture.md#view-loaders)
// fetches what its first screen draws before the render worker draws the
// page; a query the render still finds missing is named in the server's
// log, and a page of every route here must leave none there.
import http from 'node:http';
import { test, expect, demoSlugs } from './fixtures.mjs';
import { pageRoutes } from './routes.mjs';

// get answers a page or API request from Node with its status: *.localhost
// is this machine, so the request goes to 127.0.0.1 with the site's Host.
function get(server, site, path) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port: server.port, path, headers: { Host: `${site}.localhost:${server.port}` } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
    });
    req.on('error', reject);
  });
}

const json = async (server, site, path) => JSON.parse((await get(server, site, path)).body);

// records: what a site's parameterised routes are filled with.
async function records(server, site) {
  const config = await json(server, site, '/api/site');
  const { hits } = await json(server, site, '/api/search?path=%2Fsearch%2Fnew-used-and-demo-cars%2F');
  const { models = [] } = await json(server, site, '/api/models');
  return {
    pages: new Set((config.pages ?? []).map((p) => p.path)),
    car: hits[0],
    model: models[0],
    location: config.locations[0],
    dealership: config.dealerships[0],
    brand: (hits[0]?.make ?? '').toLowerCase(),
  };
}

// address fills a route's pattern with the site's records, and gives the
// views that read a car or model from the query their own.
function address(route, r) {
  const slugs = { cars: r.car?.slug, 'contact-us': r.location?.slug, 'our-location': r.location?.slug, locations: r.dealership?.slug, models: r.model?.slug };
  const first = route.path.split('/')[1];
  const path = route.path
    .replace(/^\/search\/\*$/, `/search/used-cars/${r.brand}`)
    .replace(/^\/used-car\/\*$/, `/used-car/${r.brand}`)
    .replace(':brand', r.brand)
    .replace(':slug', encodeURIComponent(slugs[first] ?? ''));
  const query = {
    print: `car_id=${r.car?.slug}`,
    'test-drive': `car_id=${r.car?.slug}`,
    checkout: route.path === '/checkout-journey' ? `car_id=${r.car?.slug}` : '',
    'order-now': `model_id=${r.model?.slug}`,
    'trade-in': route.path === '/cars/trade-in' ? `car_id=${r.car?.id}` : '',
    finance: `car_id=${r.car?.id}`,
  }[route.view];
  return path + (query ? `?${query}` : '');
}

test('a page of every view in the route table arrives with its data', async ({ server }) => {
  test.setTimeout(240_000);
  const sites = await Promise.all(demoSlugs.map(async (slug) => ({ slug, r: await records(server, slug) })));
  const views = new Set();
  const answers = [];
  for (const [i, route] of pageRoutes.entries()) {
    // A route of a site's pages config is asked of a site that offers it;
    // the others of each site in turn, so each theme draws some.
    const site = route.configured ? sites.find((s) => s.r.pages.has(route.path)) : sites[i % sites.length];
    if (!site) continue;
    const path = address(route, site.r);
    let res = await get(server, site.slug, path);
    // A route that stands for another page (/used-car/…) sends the
    // visitor there, and the view is that page's.
    if (res.status === 301 || res.status === 308) {
      views.add(route.view);
      res = await get(server, site.slug, new URL(res.headers.location, 'http://x').pathname);
    }
    // The first answer may come before its render is done; the render is
    // kept for the next ask, which joins it.
    for (let n = 0; n < 50 && res.status === 200 && !res.body.includes('id="query-state"'); n++) res = await get(server, site.slug, path);
    answers.push(`${site.slug}${path} ${res.status}`);
    expect(res.status, `${site.slug}${path} (${route.path})`).toBe(200);
    // A page made for one visitor is drawn in the browser alone; every
    // other arrives drawn.
    const drawn = res.body.includes('id="query-state"');
    expect(drawn, `${site.slug}${path} arrives ${route.personal ? 'to be drawn in the browser' : 'drawn'}`).toBe(!route.personal);
    if (drawn) views.add(route.view);
  }
  // Every view the server draws was drawn at least once.
  const all = new Set(pageRoutes.filter((r) => !r.personal).map((r) => r.view));
  expect([...all].filter((v) => !views.has(v)), 'views no demo site offers').toEqual([]);
  expect(server.missedQueries(), `queries the renders went without, over ${answers.length} pages`).toEqual([]);
});
