#!/usr/bin/env node
// Builds the browser app in two passes (docs/architecture.md#script-chunks):
// the first, with the bundler's own splitting and nothing written, gives the
// chunk graph from which chunk-plan.mjs plans each landing page's first
// load; the second builds dist/ to that plan.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'vite'
import { planFirstLoads } from './chunk-plan.mjs'

// chunksOf lists the chunks a build made (vite answers one output or several).
const chunksOf = (out) => (Array.isArray(out) ? out : [out]).flatMap((o) => o.output).filter((o) => o.type === 'chunk')

const plan = planFirstLoads(chunksOf(await build({ logLevel: 'warn', build: { write: false, manifest: false } })))

const dir = mkdtempSync(join(tmpdir(), 'chunk-plan-'))
try {
  const file = join(dir, 'plan.json')
  writeFileSync(file, JSON.stringify(plan))
  process.env.FORECOURT_CHUNK_PLAN = file
  // The page's first script runs alone: a static import would make the
  // first paint's script wait for a second file.
  for (const entry of chunksOf(await build()).filter((c) => c.isEntry)) {
    if (entry.imports.length > 0) throw new Error(`${entry.fileName}, the page's first script, imports ${entry.imports.join(', ')}`)
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
