// The product runs on React itself: the browser build and the server
// renderer's bundle carry React DOM (its version string, as React DOM's own
// code writes it), and no Preact. Run after `npm run build`.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const web = fileURLToPath(new URL('..', import.meta.url))
const version = JSON.parse(readFileSync(join(web, 'node_modules/react-dom/package.json'), 'utf8')).version
const pkg = JSON.parse(readFileSync(join(web, 'package.json'), 'utf8'))
// The minifier may write the version string in any quotes.
const versionString = new RegExp(`["'\`]${version.replaceAll('.', '\\.')}["'\`]`)

test('React DOM is version 19', () => {
  assert.match(version, /^19\./)
})

test('package.json and the build configs name no preact', () => {
  const deps = { ...pkg.dependencies, ...pkg.devDependencies }
  assert.deepEqual(Object.keys(deps).filter((d) => d.includes('preact')), [])
  for (const f of readdirSync(web).filter((f) => /^vite.*\.ts$/.test(f))) {
    assert.doesNotMatch(readFileSync(join(web, f), 'utf8'), /preact/i, f)
  }
})

test('the browser build carries React DOM', { skip: !existsSync(join(web, 'dist/assets')) && 'no build: run npm run build' }, () => {
  const js = readdirSync(join(web, 'dist/assets')).filter((f) => f.endsWith('.js'))
  const all = js.map((f) => readFileSync(join(web, 'dist/assets', f), 'utf8'))
  assert.ok(all.some((code) => versionString.test(code)), `no chunk holds React DOM ${version}`)
  assert.ok(!all.some((code) => code.includes('preact')), 'a chunk names preact')
})

test('the server bundle carries React DOM server', { skip: !existsSync(join(web, 'ssr/render.mjs')) && 'no build: run npm run build' }, () => {
  const code = readFileSync(join(web, 'ssr/render.mjs'), 'utf8')
  assert.ok(versionString.test(code), `render.mjs does not hold React DOM ${version}`)
  assert.ok(!code.includes('preact'), 'render.mjs names preact')
})
