// The browser journeys (web/e2e): the real forecourt binary (bin/forecourt,
// built by `make build`) in Debian's Chromium. `make test-e2e` installs the
// browser with scripts/ensure-chromium.sh; the runner never downloads one.
import { defineConfig } from '@playwright/test'

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.test.mjs',
  // One worker drives one browser: the journeys are sized for a 2-core
  // machine, and a second Chromium would slow both.
  workers: 1,
  fullyParallel: false,
  // A journey that fails once fails: a retry would hide a flaky page.
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 240_000,
  // The list as it runs, then each failure again at the very end.
  reporter: [['list'], ['./e2e/last-words.mjs']],
  // Screenshots of failed journeys (git-ignored).
  outputDir: 'test-results',
  use: {
    launchOptions: {
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
    },
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    // No trace: recording one slows every journey by a fifth or more on a
    // 2-core machine (the runner snapshots the page at each step) for the
    // rare failure. A failure keeps its screenshot and its page's text; to
    // trace it, run that journey again with --trace on.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  // Every journey runs at a desktop width; one tagged @phone runs at a
  // phone's width as well. A journey that checks both widths in one page
  // sets its own.
  projects: [
    { name: 'desktop', use: { viewport: { width: 1366, height: 900 } } },
    { name: 'phone', grep: /@phone/, use: { viewport: { width: 390, height: 844 } } },
  ],
})
