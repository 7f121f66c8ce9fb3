// The journeys' test and expect: the runner's own, with the real forecourt
// binary as a fixture. One server serves every journey a worker runs (the
// config runs one worker, so one server and one Chromium for the run);
// a journey that needs a server configured otherwise starts its own with
// startServer, through a fixture of its file.
import { test as base, expect as baseExpect } from '@playwright/test';
import { startServer } from './server.mjs';

export { startServer, root, demoSlugs, shots } from './server.mjs';

// A web-first assertion waits for the page as long as an action does (the
// config's actionTimeout): a check that the page shows something is a wait
// for it, on a busy 2-core machine as much as on a fast one.
export const expect = baseExpect.configure({ timeout: 30_000 });

export const test = base.extend({
  // server: the binary with the demo sites on a throwaway SQLite store,
  // and the one-time codes it logs (server.mjs).
  server: [
    // The empty pattern: the runner reads what a fixture needs from it.
    async ({}, use) => {
      const server = await startServer();
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  // pageErrors: what the test's page threw and nothing caught, in order,
  // from before its first visit. A journey checks it is empty where it
  // would know.
  pageErrors: async ({ page }, use) => {
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await use(errors);
  },
  // consoleErrors: the same, with what the page logged as an error.
  consoleErrors: async ({ page }, use) => {
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await use(errors);
  },
});
