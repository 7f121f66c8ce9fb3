import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// Every CSS custom property the app reads is defined somewhere it can come
// from: the stylesheet's fallbacks and theme (index.css, which the server's
// per-site theme overrides), Tailwind's own (--tw-*), or the app itself at
// run time (style.setProperty). A colour read through var() with no
// definition falls back silently, so a token a theme was meant to set would
// never change with it (docs/architecture.md#theming).

const root = join(__dirname)

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return files(path)
    return /\.(tsx?|css)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
}

describe('theme tokens', () => {
  it('reads no custom property that nothing defines', () => {
    const sources = files(root).map((path) => ({ path, text: readFileSync(path, 'utf8') }))
    const defined = new Set<string>()
    for (const { text } of sources) {
      for (const m of text.matchAll(/(?:^|[\s{;(])(--[a-zA-Z0-9-]+)\s*:/g)) defined.add(m[1]!)
      for (const m of text.matchAll(/setProperty\(\s*'(--[a-zA-Z0-9-]+)'/g)) defined.add(m[1]!)
    }
    const missing: string[] = []
    for (const { path, text } of sources) {
      for (const m of text.matchAll(/var\((--[a-zA-Z0-9-]+)/g)) {
        const name = m[1]!
        if (!name.startsWith('--tw-') && !defined.has(name)) missing.push(`${path.slice(root.length + 1)}: ${name}`)
      }
    }
    expect(defined.size).toBeGreaterThan(20)
    expect(missing).toStrictEqual([])
  })
})
