// The server renderer's build: ssr/render.mjs, one self-contained ES module
// for Node (React's own server renderer, the router, TanStack Query and the
// app, everything bundled; it imports only node: built-ins). The Go server
// runs it as worker processes (src/ssr/worker.ts).
import { fileURLToPath, URL } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
  },
  ssr: {
    // One file the Go binary embeds and writes out: no node_modules beside it.
    noExternal: true,
    target: 'node',
  },
  define: { 'process.env.NODE_ENV': '"production"' },
  build: {
    ssr: 'src/ssr/worker.ts',
    outDir: 'ssr',
    // Keep ssr/placeholder.txt (committed for go:embed).
    emptyOutDir: false,
    target: 'node20',
    minify: process.env.SSR_MINIFY !== '0',
    copyPublicDir: false,
    rollupOptions: {
      output: {
        format: 'es',
        entryFileNames: 'render.mjs',
        // The views' lazy imports are inlined: the one file works alone.
        codeSplitting: false,
      },
    },
  },
})
