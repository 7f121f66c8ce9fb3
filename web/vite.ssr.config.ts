// The server renderer's build: one self-contained script (no imports, no
// Node built-ins) that the Go server runs in its own JavaScript engine.
import { fileURLToPath, URL } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import type { Plugin } from 'vite'

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

// renderToString gathers its output with `result += chunk`; the engine
// copies the whole string on each append, so a big page would take seconds.
// Gather the chunks in an array instead, and report component errors
// (renderToString drops them silently). The build fails if React's code no
// longer reads as expected.
const legacyServer = 'react-dom-server-legacy.browser.production.js'
const joinedOutput: Plugin = {
  name: 'joined-render-output',
  transform(code, id) {
    if (!id.endsWith(legacyServer)) return null
    const edits: [string, string][] = [
      ['result = "",\n', 'result = "",\n    parts = [],\n'],
      ['null !== chunk && (result += chunk);', 'null !== chunk && parts.push(chunk);'],
      ['throw Error(formatProdErrorMessage(426));\n  return result;', 'throw Error(formatProdErrorMessage(426));\n  return parts.join("");'],
      // A component that throws leaves its part of the page to the browser;
      // say so, so the server's log names it.
      ['function onError() {}', 'function onError(error) {\n  if (String((error && error.message) || error).indexOf("renderToString") >= 0) return;\n  console.error("component error: " + ((error && error.stack) || String(error)));\n}'],
    ]
    let out = code
    for (const [from, to] of edits) {
      if (out.split(from).length !== 2) throw new Error(`${legacyServer}: expected one "${from}"`)
      out = out.replace(from, to)
    }
    return out
  },
}

export default defineConfig({
  plugins: [react(), noDynamicImport, joinedOutput],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // renderToString alone: the streaming renderer needs a MessageChannel.
      'react-dom/server.browser': fileURLToPath(
        new URL('./node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.js', import.meta.url),
      ),
    },
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
