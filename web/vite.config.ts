/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { importsPerPart } from './vite-test-imports.ts'
import { readFileSync } from 'node:fs'

// The Go server answers /api, /img, /site.css and /healthz; in dev we proxy
// them so the app runs against a real server (FORECOURT_API overrides).
// Its Host header picks the site: set FORECOURT_SITE_HOST to e.g.
// summit-motor-group.localhost.
const apiTarget = process.env.FORECOURT_API ?? 'http://127.0.0.1:8080'
const siteHost = process.env.FORECOURT_SITE_HOST
const proxied = { target: apiTarget, changeOrigin: !siteHost, headers: siteHost ? { host: siteHost } : undefined }

// chunkPlan groups each module the plan names into its chunk; without a plan
// (the first build, the dev server, the tests) the bundler splits alone.
function chunkPlan(file: string | undefined) {
  if (!file) return undefined
  const plan = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>
  return { groups: [{ name: (id: string) => plan[id] ?? null, debugName: 'first-load', includeDependenciesRecursively: false }] }
}

export default defineConfig({
  plugins: [react(), tailwindcss(), ...(process.env.VITEST ? [importsPerPart()] : [])],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
  },
  server: {
    // The unit tests read the vectors the Go packages share (finance, phone,
    // image addresses, lead fields, slugs, the car page's hero picture and the
    // home page's opening banner).
    fs: {
      allow: [
        '.',
        '../internal/finance/testdata',
        '../internal/catalog/testdata',
        '../internal/media/testdata',
        '../internal/leads/testdata',
        '../internal/search/testdata',
        '../internal/sitepages/testdata',
      ],
    },
    proxy: {
      '/api': proxied,
      '/img': proxied,
      '/site.css': proxied,
      '/healthz': proxied,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // No inline data: assets and no modulepreload polyfill snippet: the CSP
    // allows only our own files.
    assetsInlineLimit: 0,
    modulePreload: {
      polyfill: false,
      // No chunk is announced ahead, neither in the head nor as a part loads
      // (vite's helper adds a <link rel=modulepreload> per chunk the part
      // needs): the page arrives drawn, so its first paint waits for
      // nothing, and on a phone those links cost more main-thread time
      // (~25 ms for a car page's 31 chunks, four times that under
      // Lighthouse's CPU) than the browser's own module loading saves.
      // Chunks a link leads to load when the visitor points at it
      // (app/prefetch-views.ts).
      resolveDependencies: () => [],
    },
    // One stylesheet, the entry's, which the server puts inline in each
    // page: no part loaded later brings (and loads again) a stylesheet.
    cssCodeSplit: false,
    // dist/.vite/manifest.json: the static import graph the JavaScript
    // budget (scripts/js-budget.mjs) reads.
    manifest: true,
    // Chunks by first load: scripts/build-client.mjs plans them from a first
    // build and names the plan here (docs/architecture.md#script-chunks).
    rolldownOptions: { output: { codeSplitting: chunkPlan(process.env.FORECOURT_CHUNK_PLAN) } },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup.ts'],
    css: false,
    testTimeout: 30_000,
    include: ['src/**/*.test.{ts,tsx}'],
  },
})
