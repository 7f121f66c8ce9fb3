#!/usr/bin/env node
// Builds the browser app in two passes (docs/architecture.md#script-chunks):
// the first, with the bundler's own splitting and nothing written, gives the
// chunk graph from which vite-chunks.ts plans each landing page's first
// load; the second builds dist/ to that plan.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'vite'
import { planFirstLoads } from './chunk-plan.mjs'

const first = await build({ logLevel: 'warn', build: { write: false, manifest: false } })
const outputs = (Array.isArray(first) ? first : [first]).flatMap((o) => o.output)
const plan = planFirstLoads(outputs.filter((o) => o.type === 'chunk'))

const dir = mkdtempSync(join(tmpdir(), 'chunk-plan-'))
try {
  const file = join(dir, 'plan.json')
  writeFileSync(file, JSON.stringify(plan))
  process.env.FORECOURT_CHUNK_PLAN = file
  const second = await build()
  // The page's first script runs alone: a static import would make the
  // first paint's script wait for a second file.
  const built = (Array.isArray(second) ? second : [second]).flatMap((o) => o.output)
  for (const entry of built.filter((o) => o.type === 'chunk' && o.isEntry)) {
    if (entry.imports.length > 0) throw new Error(`${entry.fileName}, the page's first script, imports ${entry.imports.join(', ')}`)
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
