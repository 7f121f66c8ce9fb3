// Starts the real forecourt binary on a free port with a throwaway SQLite
// data directory for the browser journeys, and reads the one-time codes it
// logs. fixtures.mjs gives a journey its server through the test runner.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

// startServer runs the binary with the demo sites, or with extra serve
// arguments (--tenants DIR for a journey that needs a site configured
// otherwise).
export async function startServer(extra = []) {
  const data = mkdtempSync(join(tmpdir(), 'forecourt-e2e-'));
  const env = { ...process.env };
  delete env.DATABASE_URL; // the journeys run on the embedded SQLite store
  // --otp-log: sign-in codes go to the server's log, where journeys read them.
  const proc = spawn(join(root, 'bin', 'forecourt'), ['serve', '--addr', '127.0.0.1:0', '--data', data, '--otp-log', ...extra], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  proc.stderr.on('data', (d) => {
    stderr += d;
    if (stderr.length > 100_000) stderr = stderr.slice(-50_000);
  });
  // The queries a render worker found a view's loader had not fetched
  // (src/ssr/entry-server.tsx), as the server logged them.
  const missed = [];
  // The one-time codes the server logged, oldest first, from either stream.
  const codes = [];
  const waiting = new Set();
  for (const stream of [proc.stdout, proc.stderr]) {
    let rest = '';
    stream.on('data', (d) => {
      const lines = (rest + d).split('\n');
      rest = lines.pop();
      for (const line of lines) {
        if (line.includes('query not loaded')) missed.push(line);
        if (!line.includes('"one-time code"')) continue;
        try {
          codes.push(JSON.parse(line));
        } catch {
          continue;
        }
        for (const w of waiting) w();
      }
    });
  }
  const port = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('server did not start in 120 s:\n' + stderr.slice(-4000))), 120_000);
    proc.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/http:\/\/[a-z0-9-]+\.localhost:(\d+)/);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    proc.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${stderr.slice(-4000)}`));
    });
  });
  return {
    port,
    // The SQLite data directory, for CLI checks such as `forecourt leads export`.
    dataDir: data,
    url: (slug, path = '/') => `http://${slug}.localhost:${port}${path}`,
    // missedQueries: the log lines of queries a render went without.
    missedQueries: () => [...missed],
    // nextCode resolves with the first one-time code logged for a site
    // after `seen` codes (pass codeCount() from before asking for one).
    codeCount: () => codes.length,
    async nextCode(seen, slug, timeoutMs = 10_000) {
      const find = () => codes.slice(seen).find((c) => !slug || c.site === slug);
      const deadline = Date.now() + timeoutMs;
      while (!find()) {
        if (Date.now() > deadline) throw new Error('no one-time code was logged');
        await new Promise((r) => {
          const done = () => {
            waiting.delete(done);
            r();
          };
          waiting.add(done);
          setTimeout(done, 250);
        });
      }
      return find().code;
    },
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) {
        const exited = new Promise((r) => proc.once('exit', r));
        proc.kill('SIGTERM');
        await exited;
      }
      rmSync(data, { recursive: true, force: true });
    },
  };
}

export const demoSlugs = [
  'harbourside-toyota',
  'summit-motor-group',
  'outback-caravans',
  'southern-alps-motors',
  'metro-used-cars',
];

// E2E_SCREENSHOTS names a folder where journeys keep their screenshots.
export const shots = process.env.E2E_SCREENSHOTS || '';
if (shots) mkdirSync(shots, { recursive: true });
