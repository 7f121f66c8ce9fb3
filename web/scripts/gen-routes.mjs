// Writes routes.json (the app's route table: views, ServeMux patterns) from
// src/config/routes.ts. With --check it fails when routes.json is stale.
import { readFile, writeFile } from 'node:fs/promises'
import ts from 'typescript'

const root = new URL('../', import.meta.url)
const source = await readFile(new URL('src/config/routes.ts', root), 'utf8')
const { outputText } = ts.transpileModule(source, {
  compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
})
const mod = await import('data:text/javascript;base64,' + Buffer.from(outputText).toString('base64'))
const json = JSON.stringify(mod.serverRoutes(), null, 2) + '\n'
const out = new URL('routes.json', root)

if (process.argv.includes('--check')) {
  const current = await readFile(out, 'utf8').catch(() => '')
  if (current !== json) {
    console.error('routes.json is out of date: run `npm run gen:routes`')
    process.exit(1)
  }
} else {
  await writeFile(out, json)
  console.log(`routes.json: ${JSON.parse(json).length} routes`)
}
