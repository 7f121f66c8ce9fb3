// The journeys' test and expect: the runner's own, with the real forecourt
// binary as a fixture. One server serves every journey a worker runs (the
// config runs one worker, so one server and one Chromium for the run);
// a journey that needs a server configured otherwise starts its own with
// startServer, through a fixture of its file.
import { test as base, expect } from '@playwright/test';
import { startServer } from './server.mjs';

export { expect };
export { startServer, root, demoSlugs, shots } from './server.mjs';

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
});
