// The app's route table for the journeys: the patterns of src/config/routes.ts
// (the same file the router and routes.json are built from), read with the
// TypeScript compiler, and the regular expression of each.
import { readFile } from 'node:fs/promises';
import ts from 'typescript';

const source = await readFile(new URL('../src/config/routes.ts', import.meta.url), 'utf8');
const { outputText } = ts.transpileModule(source, {
  compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
});
export const { pageRoutes } = await import('data:text/javascript;base64,' + Buffer.from(outputText).toString('base64'));

const escape = (s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

// patterns: each route's path, its expression, its rank (a fixed segment
// outranks a parameter, a parameter outranks the rest) and whether it has
// no parameter at all.
export const patterns = pageRoutes.map((r) => {
  const segs = r.path.replace(/^\/|\/$/g, '').split('/').filter(Boolean);
  const re = segs.map((s) => (s === '*' ? '(?:/.*)?' : s.startsWith(':') ? '/[^/]+' : '/' + escape(s))).join('');
  const rank = segs.reduce((n, s) => n + (s === '*' ? 0 : s.startsWith(':') ? 1 : 3), 0);
  return { ...r, re: new RegExp(`^${re || ''}/?$`), rank, fixed: segs.every((s) => s !== '*' && !s.startsWith(':')) };
});

// templateOf names the route pattern a path belongs to, as the router picks it.
export function templateOf(pathname) {
  let best = null;
  for (const p of patterns) if (p.re.test(pathname) && (!best || p.rank > best.rank)) best = p;
  return best?.path ?? null;
}
