// Shared pieces of the journeys that send leads: open a page and watch its
// lead requests, fill the contact inputs, and read what the store kept
// through `forecourt leads export`, as a dealer would.
import { expect } from './fixtures.mjs';
import { execFileSync } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { visit } from './waits.mjs';

const bin = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'forecourt');

// exportedLeads reads a site's stored leads on server through the CLI, as
// CSV rows.
export function exportedLeads(server, slug) {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  const csv = execFileSync(bin, ['leads', 'export', '--data', server.dataDir, '--site', slug], { env, encoding: 'utf8' });
  const [head, ...rows] = csv.trim().split('\n');
  const cols = head.split(',');
  return rows.filter(Boolean).map((r) => {
    const cells = parseCsvLine(r);
    return Object.fromEntries(cols.map((c, i) => [c, cells[i] ?? '']));
  });
}

// openPage takes the journey's page to path on the site, once settled, and
// answers the lead requests (POST /api/leads) the page sends from then on,
// in order.
export async function openPage(page, server, slug, path) {
  const leadPosts = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/leads') leadPosts.push(r);
  });
  const res = await visit(page, server.url(slug, path));
  expect(res.status(), `${path} answers 200`).toBe(200);
  return { leadPosts };
}

// expectSuccess checks the page ends on /success and the store kept one
// lead of category for email, and answers that lead.
export async function expectSuccess(page, server, slug, email, category) {
  await page.waitForURL('**/success', { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible();
  const leads = exportedLeads(server, slug).filter((l) => l.email === email);
  expect(leads.length, `one ${category} lead stored for ${email}`).toBe(1);
  expect(leads[0].category).toBe(category);
  return leads[0];
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
