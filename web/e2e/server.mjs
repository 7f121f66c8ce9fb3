// Starts the real forecourt binary on a free port with a throwaway SQLite
// data directory, and a real Chromium, for the browser journeys.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { before, after } from 'node:test';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export async function startServer() {
  const data = mkdtempSync(join(tmpdir(), 'forecourt-e2e-'));
  const env = { ...process.env };
  delete env.DATABASE_URL; // the journeys run on the embedded SQLite store
  const proc = spawn(join(root, 'bin', 'forecourt'), ['serve', '--addr', '127.0.0.1:0', '--data', data], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  proc.stderr.on('data', (d) => {
    stderr += d;
    if (stderr.length > 100_000) stderr = stderr.slice(-50_000);
  });
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
    async stop() {
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
      rmSync(data, { recursive: true, force: true });
    },
  };
}

export async function startBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export const demoSlugs = [
  'harbourside-toyota',
  'summit-motor-group',
  'outback-caravans',
  'southern-alps-motors',
  'metro-used-cars',
];

// The server and browser of the running test file, set by useJourneys.
export let server;
export let browser;
// E2E_SCREENSHOTS names a folder where journeys keep their screenshots.
export const shots = process.env.E2E_SCREENSHOTS || '';

// useJourneys starts the real binary and Chromium before a file's journeys
// and stops both after them.
export function useJourneys() {
  before(async () => {
    server = await startServer();
    browser = await startBrowser();
    if (shots) mkdirSync(shots, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });
}
