// Shared pieces of the journeys that send leads: open a page and watch its
// lead requests, fill the contact inputs, and read what the store kept
// through `forecourt leads export`, as a dealer would.
import { expect } from './fixtures.mjs';
import { execFileSync } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { visit } from './waits.mjs';

const bin = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'forecourt');

// leadKit binds the helpers to a journey file's server and browser, which
// the runner's fixtures give it: `current` returns them when a helper runs.
export function leadKit(current) {
  // exportedLeads reads a site's stored leads through the CLI, as CSV rows.
  function exportedLeads(slug) {
    const env = { ...process.env };
    delete env.DATABASE_URL;
    const csv = execFileSync(bin, ['leads', 'export', '--data', current().server.dataDir, '--site', slug], { env, encoding: 'utf8' });
    const [head, ...rows] = csv.trim().split('\n');
    const cols = head.split(',');
    return rows.filter(Boolean).map((r) => {
      const cells = parseCsvLine(r);
      return Object.fromEntries(cols.map((c, i) => [c, cells[i] ?? '']));
    });
  }

  async function openPage(slug, path, viewport = { width: 1280, height: 900 }) {
    const { server, browser } = current();
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const leadPosts = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/leads') leadPosts.push(r);
    });
    const res = await visit(page, server.url(slug, path));
    expect(res.status(), `${path} answers 200`).toBe(200);
    return { context, page, errors, leadPosts };
  }

  async function expectSuccess(page, slug, email, category) {
    await page.waitForURL('**/success', { timeout: 15_000 });
    await page.getByRole('heading', { level: 1, name: 'Thank you!' }).waitFor();
    const leads = exportedLeads(slug).filter((l) => l.email === email);
    expect(leads.length, `one ${category} lead stored for ${email}`).toBe(1);
    expect(leads[0].category).toBe(category);
    return leads[0];
  }

  return { exportedLeads, openPage, expectSuccess };
}

export function parseCsvLine(line) {
  const out = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

export const unique = (tag) => `${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

export async function fillContact(scope, { email, first = false, phone = '0412 345 678' }) {
  await scope.getByRole('textbox', { name: first ? /first name/i : /^name/i }).fill('Jo Buyer');
  if (first) await scope.getByRole('textbox', { name: /last name/i }).fill('Citizen');
  await scope.getByRole('textbox', { name: /email/i }).fill(email);
  await scope.getByRole('textbox', { name: first ? /mobile/i : /phone/i }).fill(phone);
}
