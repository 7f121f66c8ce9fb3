// Fails when src/lib/api-types.ts is not what `npm run gen:api` makes of
// ../api/openapi.yaml, so the app's types never drift from the API the
// server is checked against. Usage: node scripts/check-api-types.mjs
// [--spec FILE] [--types FILE] (defaults: the project's own two files).
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const web = fileURLToPath(new URL('../', import.meta.url))
const cli = join(web, 'node_modules', 'openapi-typescript', 'bin', 'cli.js')

export const defaults = { spec: join(web, '..', 'api', 'openapi.yaml'), types: join(web, 'src', 'lib', 'api-types.ts') }

// generate runs the same generator as `npm run gen:api` into a temporary
// file and returns what it wrote.
export function generate(spec) {
  const dir = mkdtempSync(join(tmpdir(), 'api-types-'))
  try {
    const out = join(dir, 'api-types.ts')
    const run = spawnSync(process.execPath, [cli, spec, '-o', out], { cwd: web, encoding: 'utf8' })
    if (run.status !== 0) throw new Error(`openapi-typescript failed on ${spec}:\n${run.stderr}`)
    return readFileSync(out, 'utf8')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

// compare returns null when the committed types are the generated ones,
// else the first line that differs (1-based) with both versions of it.
export function compare(committed, generated) {
  if (committed === generated) return null
  const a = committed.split('\n')
  const b = generated.split('\n')
  let i = 0
  while (i < a.length && i < b.length && a[i] === b[i]) i++
  return { line: i + 1, committed: a[i] ?? '(end of file)', generated: b[i] ?? '(end of file)' }
}

function main(argv) {
  const opt = { ...defaults }
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i].replace(/^--/, '')
    if (!(key in opt) || argv[i + 1] === undefined) {
      console.error(`unknown or incomplete option ${argv[i]}; use --spec FILE and --types FILE`)
      return 2
    }
    opt[key] = resolve(argv[i + 1])
  }
  const diff = compare(readFileSync(opt.types, 'utf8'), generate(opt.spec))
  const [types, spec] = [relative(process.cwd(), opt.types), relative(process.cwd(), opt.spec)]
  if (diff) {
    console.error(`${types} differs from what ${spec} generates, first at line ${diff.line}:`)
    console.error(`  committed: ${diff.committed.trim()}`)
    console.error(`  generated: ${diff.generated.trim()}`)
    console.error('Run `npm run gen:api` in web/ and commit the result.')
    return 1
  }
  console.log(`${types} matches ${spec}`)
  return 0
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2))
}
