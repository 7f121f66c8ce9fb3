// Journeys: a buyer with a keyboard alone, on every demo site's theme
// (docs/behaviour/screens.md#focus-ring, #focus-after-navigation,
// #focus-kept, #skip-links, #focus-under-bars). After each step focus is
// on the element the step leads to, never on the page itself, and what is
// focused shows a ring of at least 3:1 against the surface around it.
import { test, expect, demoSlugs } from './fixtures.mjs';
import { visit } from './waits.mjs';

// focused describes document.activeElement, and for a control the colour
// of its focus indicator (the outermost box-shadow ring, else the outline)
// against the first opaque background behind it, with their contrast.
function focused(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    const parse = (c) => {
      const m = c.match(/rgba?\(([^)]+)\)/);
      if (!m) return null;
      const [r, g, b, a = '1'] = m[1].split(/[ ,/]+/).filter(Boolean);
      return { rgb: [r, g, b].map(Number), a: Number(a) };
    };
    const lum = ({ rgb }) => {
      const [r, g, b] = rgb.map((v) => {
        const x = v / 255;
        return x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const ratio = (a, b) => {
      const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
      return (x + 0.05) / (y + 0.05);
    };
    const name = el ? (el.getAttribute('aria-label') || el.innerText || el.getAttribute('placeholder') || el.id || '').trim().slice(0, 60) : '';
    const out = {
      tag: el?.tagName.toLowerCase() ?? '',
      role: el?.getAttribute('role') ?? '',
      name,
      href: el?.getAttribute('href') ?? '',
      type: el?.getAttribute('type') ?? '',
      checked: el?.getAttribute('aria-checked') ?? String(el?.checked ?? ''),
      inDialog: !!el?.closest('[role="dialog"]'),
      inFilters: !!el?.closest('aside[aria-label="Filters"], [role="dialog"][aria-label*="ilter"]'),
      inBar: !!el?.closest('[data-testid="mobile-action-bar"]'),
    };
    if (!el || el === document.body || el.tabIndex < 0) return out;
    const style = getComputedStyle(el);
    let ring = null;
    // The ring is the shadow drawn furthest out: its colour is the last
    // with the widest spread.
    let widest = 0;
    for (const part of style.boxShadow.split(/,(?![^(]*\))/)) {
      const colour = parse(part);
      const spread = Number(part.replace(/rgba?\([^)]*\)/, '').trim().split(/\s+/)[3]?.replace('px', '') ?? 0);
      if (colour && colour.a > 0 && spread > widest && !/inset/.test(part)) {
        widest = spread;
        ring = colour;
      }
    }
    if (!ring && style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ring = parse(style.outlineColor);
    let bg = null;
    for (let p = el.parentElement; p && !bg; p = p.parentElement) {
      const c = parse(getComputedStyle(p).backgroundColor);
      if (c && c.a >= 0.9) bg = c;
    }
    bg ??= { rgb: [255, 255, 255], a: 1 };
    out.ring = ring ? `rgb(${ring.rgb})` : 'none';
    out.behind = `rgb(${bg.rgb})`;
    out.contrast = ring && ring.a > 0 ? Math.round(ratio(ring, bg) * 100) / 100 : 0;
    return out;
  });
}

// expectFocus checks focus is on what `want` accepts and, for a control,
// that its ring stands out; it returns what is focused.
async function expectFocus(page, step, want) {
  let f;
  await expect
    .poll(async () => {
      f = await focused(page);
      return want(f);
    }, { message: `${step}: focus is on the expected element` })
    .toBeTruthy()
    .catch((e) => {
      throw new Error(`${e.message}\nfocused: ${JSON.stringify(f)}`);
    });
  expect(f.tag, `${step}: focus is not on the page itself`).not.toBe('body');
  if ('contrast' in f) expect(f.contrast, `${step}: the ring of ${JSON.stringify(f)} reaches 3:1`).toBeGreaterThanOrEqual(3);
  return f;
}

// tabTo presses Tab (or Shift+Tab) until `want` accepts what is focused,
// checking every control it passes shows a ring that stands out.
async function tabTo(page, step, want, { back = false, max = 150 } = {}) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const f = await focused(page);
    expect(f.tag, `${step}: Tab never leaves focus on the page`).not.toBe('body');
    if ('contrast' in f && f.contrast > 0) expect(f.contrast, `${step}: the ring of ${JSON.stringify(f)} reaches 3:1`).toBeGreaterThanOrEqual(3);
    if (want(f)) return f;
  }
  throw new Error(`${step}: not reached in ${max} presses of Tab`);
}

// The site's main listing (where its home page's quick search goes) and a
// keyword its stock answers: the make of its first car for sale.
async function keyword(page) {
  const action = await page.locator('form[role="search"][aria-label="Quick search"]').first().getAttribute('action');
  const { hits = [] } = await page.evaluate((p) => fetch(`/api/search?path=${encodeURIComponent(p)}`).then((r) => r.json()), action);
  expect(hits.length, `${action} lists cars`).toBeGreaterThan(0);
  const car = hits.find((h) => h.status === 'in_stock' && !h.reserved);
  expect(car, `${action} lists a car for sale`).toBeTruthy();
  return { action, make: car.make };
}

const submitName = /^(Send Enquiry|Send Message|Submit|Enquire Now)$/;

for (const slug of demoSlugs) {
  test(`${slug}: search, filter, skip, open a car, its gallery and an enquiry with the keyboard alone`, async ({ page, server, pageErrors }) => {
    await visit(page, server.url(slug, '/'));
    const { action, make } = await keyword(page);
    await visit(page, server.url(slug, action));

    // Every page starts with Skip to content.
    await page.keyboard.press('Tab');
    await expectFocus(page, 'first Tab', (f) => f.name === 'Skip to content');

    // Search: type in the results page's search box, Enter; the results
    // change and focus stays in the box.
    await tabTo(page, 'to the search box', (f) => f.role === 'combobox' && /Search stock/.test(f.name));
    await page.keyboard.type(make);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.search.includes('query='));
    await expectFocus(page, 'after the search', (f) => f.role === 'combobox' && /Search stock/.test(f.name));
    // The buyer reads the new results before going to the filters: the
    // answer's facets (a group with nothing left goes) are drawn by then.
    await expect(page.locator('#main [aria-busy="true"]')).toHaveCount(0);

    // Filter: back to the first filter, Space; focus stays on it.
    const filter = await tabTo(page, 'to a filter', (f) => f.inFilters && f.role === 'checkbox' && f.checked === 'false', { back: true });
    const label = filter.name.replace(/\s*\(?[\d,]+\)?$/, '');
    const toggle = async (on) => {
      const before = page.url();
      await page.keyboard.press('Space');
      await page.waitForURL((u) => u.href !== before);
      await expectFocus(page, `after ${on ? 'choosing' : 'clearing'} ${label}`, (f) => f.role === 'checkbox' && f.name.startsWith(label) && f.checked === String(on));
    };
    await toggle(true);
    const forSale = () =>
      page.evaluate(async () => {
        const q = new URLSearchParams(location.search);
        q.set('path', location.pathname);
        const { hits = [] } = await fetch(`/api/search?${q}`).then((r) => r.json());
        return hits.filter((h) => h.status === 'in_stock' && !h.reserved).map((h) => `/cars/${h.slug}`);
      });
    // A filter that leaves nothing to enquire about is cleared again.
    if ((await forSale()).length === 0) await toggle(false);

    // Skip to results, back before the filters; Enter moves past them.
    await tabTo(page, 'back to Skip to results', (f) => f.name === 'Skip to results', { back: true });
    await page.keyboard.press('Enter');
    await expectFocus(page, 'skipped to the results', (f) => f.tag === 'h2' && f.name === 'Results');

    // Open the first car a buyer can enquire about: its heading takes focus.
    const cars = await forSale();
    expect(cars.length, 'the results hold a car for sale').toBeGreaterThan(0);
    await tabTo(page, 'to a car for sale', (f) => f.tag === 'a' && cars.includes(f.href));
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname.startsWith('/cars/'));
    await expectFocus(page, 'the car page', (f) => f.tag === 'h1');

    // Gallery (before the heading, which heads the side column): open it
    // full screen, move with an arrow, Escape back.
    // Where a 360° view comes first, its tabs take one stop: arrows move
    // to Images.
    const trigger = await tabTo(page, 'back to the gallery', (f) => f.name === 'Fullscreen' || f.role === 'tab', { back: true });
    if (trigger.role === 'tab') {
      for (let i = 0; i < 3 && (await focused(page)).name !== 'Images'; i++) await page.keyboard.press('ArrowRight');
      await expectFocus(page, 'the Images tab', (f) => f.role === 'tab' && f.name === 'Images');
      await page.keyboard.press('Enter');
      await tabTo(page, 'to the gallery', (f) => f.name === 'Fullscreen');
    }
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /^Photos of/ });
    await expect(dialog).toBeVisible();
    await expectFocus(page, 'the open gallery', (f) => f.inDialog);
    const slide = dialog.locator('[aria-roledescription="slide"][aria-current="true"]');
    const first = await slide.getAttribute('aria-label');
    await page.keyboard.press('ArrowRight');
    await expect(slide, 'an arrow moves the gallery').not.toHaveAttribute('aria-label', first);
    await expectFocus(page, 'the gallery after an arrow', (f) => f.inDialog);
    await page.keyboard.press('Escape');
    await expect(dialog).not.toBeAttached();
    await expectFocus(page, 'the closed gallery', (f) => f.name === 'Fullscreen');

    // Enquiry: open the form, fill it by typing, send it with Enter.
    // Where the car offers no Enquire Now, its Instant Message sends the
    // same enquiry from the chat panel.
    const open = await tabTo(page, 'to Enquire Now', (f) => f.tag === 'button' && /^(Enquire Now|Instant Message)$/.test(f.name) && !f.inDialog);
    await page.keyboard.press('Enter');
    await expectFocus(page, 'the enquiry form', (f) => f.inDialog);
    // The form's own chunk may still be loading.
    await expect(page.locator('[role="dialog"] form input[type="email"]').first()).toBeVisible();
    const country = await page.evaluate(() => JSON.parse(document.getElementById('site-config').textContent).country);
    const values = [
      [/first name|^name/i, 'Jo Buyer'],
      [/last name/i, 'Citizen'],
      [/email/i, `keys-${Date.now().toString(36)}@example.com`],
      [/mobile|phone/i, country === 'NZ' ? '021 123 4567' : '0412 345 678'],
      [/postcode/i, '4000'],
      [/message|comments/i, 'Is this one still available?'],
    ];
    for (let i = 0; ; i++) {
      expect(i, 'the form ends in a send button').toBeLessThan(40);
      const f = await tabTo(page, 'through the form', (x) => x.inDialog);
      if (f.tag === 'button' && submitName.test(f.name)) break;
      const label = await page.evaluate(() => {
        const el = document.activeElement;
        return [...(el.labels ?? [])].map((l) => l.innerText).join(' ') || el.getAttribute('aria-label') || '';
      });
      if ((f.tag === 'input' && !['checkbox', 'radio'].includes(f.type)) || f.tag === 'textarea') {
        const value = values.find(([re]) => re.test(label));
        const empty = await page.evaluate(() => !document.activeElement.value);
        if (value && empty) await page.keyboard.type(value[1]);
      } else if (f.type === 'checkbox' && /terms/i.test(label) && f.checked !== 'true') {
        await page.keyboard.press('Space');
      }
    }
    await page.keyboard.press('Enter');
    if (open.name === 'Instant Message' && (await page.getByRole('dialog', { name: 'Instant Message' }).getAttribute('aria-modal')) === 'false') {
      // The chat panel stays: focus stays in it, on its confirmation.
      await expectFocus(page, 'the sent message', (f) => f.inDialog && f.name.startsWith('Thanks, your message has been sent.'));
    } else {
      await page.waitForURL('**/success', { timeout: 15_000 });
      await expectFocus(page, 'the thank-you page', (f) => f.tag === 'h1' && /Thank you/.test(f.name));
    }
    expect(pageErrors).toStrictEqual([]);
  });
}

// docs/behaviour/screens.md#focus-under-bars: at a phone's width nothing Tab
// reaches on a car page is hidden under the fixed action bar.
test.describe(() => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  for (const slug of ['summit-motor-group', 'harbourside-toyota']) {
    test(`${slug}: no Tab stop on a car page hides under the phone's action bar`, async ({ page, server }) => {
      await page.goto(server.url(slug, '/healthz'));
      const { hits = [] } = await page.evaluate(() => fetch('/api/search?path=/search/used-cars').then((r) => r.json()));
      const car = hits.find((h) => h.status === 'in_stock');
      expect(car, 'an in-stock used car').toBeTruthy();
      await visit(page, server.url(slug, `/cars/${car.slug}`));
      await expect(page.getByTestId('mobile-action-bar')).toBeVisible();
      const covered = [];
      let stops = 0;
      for (let i = 0; i < 400; i++) {
        await page.keyboard.press('Tab');
        const r = await page.evaluate(() => {
          const el = document.activeElement;
          if (!el || el === document.body) return { end: true };
          const bar = document.querySelector('[data-testid="mobile-action-bar"]');
          if (bar?.contains(el)) return { inBar: true };
          const box = el.getBoundingClientRect();
          if (box.width === 0 || box.height === 0) return { empty: true };
          const top = bar ? bar.getBoundingClientRect().top : Infinity;
          const x = Math.min(Math.max(box.left + box.width / 2, 0), innerWidth - 1);
          const y = box.top + box.height / 2;
          const hit = y >= 0 && y < innerHeight ? document.elementFromPoint(x, y) : null;
          const seen = box.bottom <= top + 1 || (hit && (el === hit || el.contains(hit)));
          return { seen, what: `${el.tagName} ${(el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 40)} bottom ${Math.round(box.bottom)} bar ${Math.round(top)}`, first: el.dataset.keyboardFirst };
        });
        if (r.end) break;
        if (r.inBar || r.empty) continue;
        stops++;
        if (!r.seen) covered.push(r.what);
      }
      expect(stops, 'Tab reached the page').toBeGreaterThan(20);
      expect(covered, `${slug}: Tab stops under the action bar`).toStrictEqual([]);
    });
  }
});
