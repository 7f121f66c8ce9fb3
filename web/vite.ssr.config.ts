// The server renderer's build: one self-contained script (no imports, no
// Node built-ins) that the Go server runs in its own JavaScript engine.
import { fileURLToPath, URL } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import type { Plugin } from 'vite'
import { preactAliases, radixCollectionOrder } from './vite-preact'

// The engine has no module loader: the one dynamic import left in the
// bundle (the router's framework-mode module loading, unused here) becomes
// a call that fails.
const noDynamicImport: Plugin = {
  name: 'no-dynamic-import',
  generateBundle(_, bundle) {
    for (const file of Object.values(bundle)) {
      if (file.type === 'chunk') file.code = file.code.replace(/\bimport\((?=\s*(\/\*[^*]*\*\/\s*)*[A-Za-z_$])/g, '__dynamicImport(')
    }
  },
}

export default defineConfig({
  plugins: [react(), noDynamicImport, radixCollectionOrder],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }, ...preactAliases],
  },
  ssr: {
    noExternal: true,
    target: 'webworker',
    resolve: { conditions: ['browser', 'worker', 'default'] },
  },
  define: { 'process.env.NODE_ENV': '"production"' },
  build: {
    ssr: 'src/ssr/entry-server.tsx',
    outDir: 'ssr',
    // Keep ssr/placeholder.txt (committed for go:embed).
    emptyOutDir: false,
    target: 'es2020',
    minify: process.env.SSR_MINIFY !== '0',
    copyPublicDir: false,
    rollupOptions: {
      output: { format: 'iife', entryFileNames: 'render.js' },
    },
  },
})
