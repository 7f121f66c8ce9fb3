// The API types drift check must be able to fail: it fails when the
// committed types or the API description change without the other. (The
// check of the project's own files runs after these, in `npm run api-types`.)
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { compare, defaults } from './check-api-types.mjs'

const script = fileURLToPath(new URL('./check-api-types.mjs', import.meta.url))
const run = (...args) => spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' })

function scratch(t) {
  const dir = mkdtempSync(join(tmpdir(), 'check-api-types-'))
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

test('compare names the first differing line', () => {
  assert.equal(compare('a\nb\n', 'a\nb\n'), null)
  assert.deepEqual(compare('a\nb\nc', 'a\nx\nc'), { line: 2, committed: 'b', generated: 'x' })
  assert.deepEqual(compare('a', 'a\nb'), { line: 2, committed: '(end of file)', generated: 'b' })
})

test('a hand edit of the committed types fails the check', (t) => {
  const types = join(scratch(t), 'api-types.ts')
  const edited = readFileSync(defaults.types, 'utf8').replace('hits_per_page: number;', 'hits_per_page: string;')
  assert.notEqual(edited, readFileSync(defaults.types, 'utf8'), 'the edit must change the file')
  writeFileSync(types, edited)
  const r = run('--types', types)
  assert.equal(r.status, 1)
  assert.match(r.stderr, /hits_per_page: string;/)
  assert.match(r.stderr, /npm run gen:api/)
})

test('a change to the API description without new types fails the check', (t) => {
  const spec = join(scratch(t), 'openapi.yaml')
  const yaml = readFileSync(defaults.spec, 'utf8')
  const edited = yaml.replace('hits_per_page: { type: integer', 'hits_per_page: { type: string')
  assert.notEqual(edited, yaml, 'the edit must change the description')
  writeFileSync(spec, edited)
  const r = run('--spec', spec)
  assert.equal(r.status, 1)
  assert.match(r.stderr, /first at line \d+/)
})
