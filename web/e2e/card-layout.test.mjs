// Journey: result cards read cleanly 4 to a row (summit-motor-group) and
// 3 to a row (harbourside-toyota): nothing passes a card's edge and each
// of kms, transmission and body stays on one line; in each row the facts
// line (kms, transmission, body) starts at the same height on every card,
// whatever optional lines (badge, chip, a wrapped title or facts line, a
// sold card's button) its neighbours have (docs/behaviour/screens.md#search-results:
// a card grid).
import { test, expect } from './fixtures.mjs';
import { visit } from './waits.mjs';

for (const [slug, perRow] of [['summit-motor-group', 4], ['harbourside-toyota', 3]]) {
  // At the desktop and phone projects' widths (playwright.config.ts), 1000
  // px tall; on a phone, at a narrower width too.
  test(`${slug}: card facts fit their card`, { tag: '@phone' }, async ({ page, server, viewport }) => {
    const { width } = viewport;
    await page.setViewportSize({ width, height: 1000 });
    await visit(page, server.url(slug, '/search/new-used-and-demo-cars/'));
    await expect(page.locator('[aria-label="Search results"] article').first()).toBeVisible();
    const report = await page.evaluate(() => {
      const cards = [...document.querySelectorAll('[aria-label="Search results"] article')];
      const tops = new Set(cards.slice(0, 8).map((c) => Math.round(c.getBoundingClientRect().top)));
      const firstRow = cards.filter((c) => Math.round(c.getBoundingClientRect().top) === Math.min(...tops)).length;
      const problems = [];
      for (const card of cards) {
        const edge = card.getBoundingClientRect();
        for (const el of card.querySelectorAll('h3, p, ul li')) {
          const r = el.getBoundingClientRect();
          if (r.right > edge.right + 0.5 || el.scrollWidth > el.clientWidth + 1) problems.push(`${card.getAttribute('aria-label')}: "${el.textContent}" passes the edge`);
        }
        // The save buttons never cover the image's tags ('RUNOUT SALE').
        const buttons = [...card.querySelectorAll('button[aria-pressed]')].map((b) => b.getBoundingClientRect());
        for (const tag of card.querySelectorAll('[data-tone]')) {
          const t = tag.getBoundingClientRect();
          if (buttons.some((b) => b.left < t.right && t.left < b.right && b.top < t.bottom && t.top < b.bottom)) problems.push(`${card.getAttribute('aria-label')}: a save button covers "${tag.textContent}"`);
        }
        for (const li of card.querySelectorAll('ul li')) {
          const lineHeight = parseFloat(getComputedStyle(li).lineHeight) || 16;
          if (li.getBoundingClientRect().height > lineHeight * 1.6) problems.push(`${card.getAttribute('aria-label')}: "${li.textContent}" wraps`);
        }
      }
      // The tags ('RUNOUT SALE', 'RESERVED') and the save buttons never overlap.
      const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      for (const card of cards) {
        const tags = [...card.querySelectorAll('[data-tone], [data-testid="card-top"] img')].map((t) => t.getBoundingClientRect());
        const buttons = [...card.querySelectorAll('[data-testid="card-top"] button')].map((b) => b.getBoundingClientRect());
        if (tags.some((t) => buttons.some((b) => hit(t, b)))) problems.push(`${card.getAttribute('aria-label')}: a save button covers its tag`);
        // A tag wraps between words, never inside one ('JUST ARRIVE D').
        for (const tag of card.querySelectorAll('[data-tone]')) {
          const text = tag.firstChild;
          if (!text || text.nodeType !== Node.TEXT_NODE) continue;
          let at = 0;
          for (const word of text.data.split(' ')) {
            const range = document.createRange();
            range.setStart(text, at);
            range.setEnd(text, at + word.length);
            const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
            if (lines.size > 1) problems.push(`${card.getAttribute('aria-label')}: the tag "${tag.textContent}" breaks inside "${word}"`);
            at += word.length + 1;
          }
        }
      }
      const rows = new Map();
      for (const card of cards) {
        const top = Math.round(card.getBoundingClientRect().top);
        rows.set(top, [...(rows.get(top) ?? []), card]);
      }
      for (const row of rows.values()) {
        const facts = row.map((c) => c.querySelector('ul').getBoundingClientRect().top);
        if (Math.max(...facts) - Math.min(...facts) > 1) {
          problems.push(`facts not level: ${row.map((c, i) => `${c.getAttribute('aria-label')} at ${Math.round(facts[i])}`).join(', ')}`);
        }
      }
      return { firstRow, problems, count: cards.length };
    });
    expect(report.count > 0, 'cards shown').toBeTruthy();
    expect(report.firstRow, 'cards per row').toBe(width >= 1280 ? perRow : 1);
    expect(report.problems).toStrictEqual([]);
    if (width < 1280) {
      // On a narrow phone, with filters on (the Filters button shows their
      // count), the sort dropdown still ends inside the screen.
      await page.setViewportSize({ width: 360, height: 740 });
      await visit(page, server.url(slug, '/search/used-cars?range[price]=:30000&refinementList[body][0]=SUV'));
      const sort = page.getByLabel('Sort by');
      await expect(sort).toBeVisible();
      const box = await sort.boundingBox();
      expect(box.x + box.width <= 360.5, `the sort dropdown ends at ${box.x + box.width}px on a 360px screen`).toBeTruthy();
    }
  });
}
