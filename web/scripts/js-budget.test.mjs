// The JavaScript budget check must be able to fail: it is run here on small
// fake builds, one inside the budget and one over it.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { measure, pages, startupFiles } from './js-budget.mjs'

const script = fileURLToPath(new URL('./js-budget.mjs', import.meta.url))

// A fake build: random bytes do not compress, so a file's gzip size is
// about its length.
function fakeBuild(sizes) {
  const dir = mkdtempSync(join(tmpdir(), 'js-budget-'))
  mkdirSync(join(dir, '.vite'))
  mkdirSync(join(dir, 'assets'))
  for (const [name, size] of Object.entries(sizes)) writeFileSync(join(dir, 'assets', name), randomBytes(size))
  const manifest = {
    'index.html': { file: 'assets/boot.js', isEntry: true, dynamicImports: ['src/main.tsx'] },
    'src/main.tsx': { file: 'assets/index.js', isDynamicEntry: true, imports: ['_react.js'], dynamicImports: ['src/app/routes/home.tsx', 'src/app/routes/search.tsx', 'src/app/routes/vehicle.tsx'], css: ['assets/index.css'] },
    '_react.js': { file: 'assets/react.js' },
    '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'] },
    'src/app/routes/home.tsx': { file: 'assets/home.js', isDynamicEntry: true, imports: ['src/main.tsx'] },
    'src/app/routes/search.tsx': { file: 'assets/search.js', isDynamicEntry: true, imports: ['src/main.tsx', '_shared.js'], dynamicImports: ['src/dialog.tsx'] },
    'src/app/routes/vehicle.tsx': { file: 'assets/vehicle.js', isDynamicEntry: true, imports: ['_shared.js'] },
    'src/dialog.tsx': { file: 'assets/dialog.js', isDynamicEntry: true, imports: ['_react.js'] },
  }
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest))
  return dir
}

const KB = 1024
const sizes = (over) => ({
  'boot.js': 1 * KB,
  'index.js': 50 * KB,
  'react.js': 40 * KB,
  'shared.js': 10 * KB,
  'home.js': 1 * KB,
  'search.js': (over ? 120 : 5) * KB,
  'vehicle.js': 5 * KB,
  'dialog.js': 200 * KB,
})

const run = (dir) => spawnSync(process.execPath, [script, dir], { encoding: 'utf8' })

test('counts the entry, the app it starts and the view with their static imports, once each, and no other dynamic import', () => {
  const dir = fakeBuild(sizes(false))
  try {
    const results = measure(dir)
    const search = results.find((r) => r.name === 'results')
    assert.deepEqual(search.files.map((f) => f.file).sort(), ['assets/boot.js', 'assets/index.js', 'assets/react.js', 'assets/search.js', 'assets/shared.js'])
    assert.ok(search.gzip > 106 * KB && search.gzip < 107 * KB, `results ${search.gzip}`)
    assert.equal(search.over, false)
  } finally {
    rmSync(dir, { recursive: true })
  }
})

test('passes a build inside the budget', () => {
  const dir = fakeBuild(sizes(false))
  try {
    const r = run(dir)
    assert.equal(r.status, 0, r.stderr)
    assert.match(r.stdout, /^results \(src\/app\/routes\/search\.tsx\): 5 files/m)
  } finally {
    rmSync(dir, { recursive: true })
  }
})

test('fails a build whose results page is over its limit', () => {
  const dir = fakeBuild(sizes(true))
  try {
    const r = run(dir)
    assert.equal(r.status, 1)
    assert.match(r.stdout, /^results .*OVER BUDGET$/m)
    assert.match(r.stderr, new RegExp(`results loads \\d+ bytes .* over its ${pages.find((p) => p.name === 'results').limit}`))
    assert.doesNotMatch(r.stderr, /vehicle loads/)
  } finally {
    rmSync(dir, { recursive: true })
  }
})

test('fails when there is no build to measure', () => {
  const dir = mkdtempSync(join(tmpdir(), 'js-budget-'))
  try {
    const r = run(dir)
    assert.equal(r.status, 2)
    assert.match(r.stderr, /build the app first/)
  } finally {
    rmSync(dir, { recursive: true })
  }
})

test('a view missing from the manifest is an error, not a pass', () => {
  assert.throws(() => startupFiles({ 'index.html': { file: 'a.js', isEntry: true } }, 'src/app/routes/search.tsx'), /no chunk/)
})
