// A real dealer for the journeys and the benchmarks: a site file as an
// operator writes it (docs/onboarding.md), the dealer's feed, and its
// camera-sized photos on its own host (127.0.0.2, which the site file
// allows), all made here.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { root } from './server.mjs';

export const slug = 'coastal-mazda-kia';

// camera draws a 3000 x 2000 photo in the browser: gradients under
// blotches of noise a few pixels across, the detail a photo keeps when
// scaled to a card, as a JPEG at quality 0.85.
export async function camera(browser) {
  const page = await browser.newPage();
  try {
    const b64 = await page.evaluate(() => {
      const c = document.createElement('canvas');
      c.width = 3000;
      c.height = 2000;
      const g = c.getContext('2d');
      const img = g.createImageData(3000, 2000);
      let seed = 1;
      const cell = 6;
      const noise = new Uint8Array(500);
      for (let y = 0; y < 2000; y++) {
        if (y % cell === 0) for (let i = 0; i < noise.length; i++) noise[i] = (seed = (seed * 1664525 + 1013904223) >>> 0) >>> 26;
        for (let x = 0; x < 3000; x++) {
          const n = noise[(x / cell) | 0];
          const o = (y * 3000 + x) * 4;
          img.data[o] = ((x * 200) / 3000 + n) & 255;
          img.data[o + 1] = ((y * 180) / 2000 + n / 2) & 255;
          img.data[o + 2] = (((x + y) * 120) / 5000 + n) & 255;
          img.data[o + 3] = 255;
        }
      }
      g.putImageData(img, 0, 0);
      return c.toDataURL('image/jpeg', 0.85).split(',')[1];
    });
    return Buffer.from(b64, 'base64');
  } finally {
    await page.close();
  }
}

// variant is jpg with one quantisation value changed: another valid
// photo (its own content), made without encoding again.
export function variant(jpg, n) {
  const out = Buffer.from(jpg);
  for (let i = 2; i + 4 < out.length; ) {
    const m = out[i + 1];
    const len = (out[i + 2] << 8) | out[i + 3];
    if (m === 0xdb) {
      const v = i + 5 + (n % 64);
      out[v] = 1 + ((out[v] + 1 + Math.floor(n / 64)) % 254);
      return out;
    }
    i += 2 + len;
  }
  return out;
}

export function feed(base, { cars = 50, perCar = 2 } = {}) {
  const rows = ['Stock No,Condition,Year,Make,Model,Variant,Retail Price,Odometer,Body Type,Branch,Photo URLs'];
  for (let i = 0; i < cars; i++) {
    const photos = Array.from({ length: perCar }, (_, k) => `${base}/p/${i}-${k}.jpg`).join('|');
    rows.push(`CMK${String(i).padStart(3, '0')},Used,${2018 + (i % 6)},Mazda,CX-5,Touring,$${25990 + i * 500},${20000 + i * 900},SUV,${['GOS', 'TUG'][i % 2]},${photos}`);
  }
  return rows.join('\n') + '\n';
}

// site is the dealer's site file (the Go tests' own, in
// cmd/forecourt/testdata), its feed at feedURL, allowed to fetch its
// photos from 127.0.0.2.
export function site(feedURL) {
  const yaml = readFileSync(join(root, 'cmd', 'forecourt', 'testdata', 'coastal-mazda-kia.yaml'), 'utf8');
  return yaml.replaceAll('{{feed_url}}', feedURL).replaceAll('{{gosford_phone}}', '02 4321 1000') + '  photo_allow_hosts:\n    - 127.0.0.2\n';
}

// dealerHost serves the feed and its photos on 127.0.0.2 and counts the
// requests; close stops it.
export async function dealerHost(jpg, { cars = 50, perCar = 2 } = {}) {
  let asked = 0;
  const host = createServer((req, res) => {
    asked++;
    const m = req.url.match(/^\/p\/(\d+)-(\d+)\.jpg$/);
    if (req.url === '/stock.csv') {
      res.writeHead(200, { 'Content-Type': 'text/csv' });
      res.end(feed(`http://127.0.0.2:${host.address().port}`, { cars, perCar }));
    } else if (m) {
      res.writeHead(200, { 'Content-Type': 'image/jpeg' });
      res.end(variant(jpg, Number(m[1]) * perCar + Number(m[2])));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => host.listen(0, '127.0.0.2', resolve));
  return {
    feedURL: `http://127.0.0.2:${host.address().port}/stock.csv`,
    asked: () => asked,
    close: () => new Promise((r) => host.close(r)),
  };
}
