import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Plugin } from 'vite'

// The unit tests load each library's modules once per test file. Two
// libraries have an entry that names all of their parts: the icons' (~1,700
// icons, each its own module) and Radix's (35 packages). Every test file
// that drew one icon or one dialog loaded them all. In the tests, an import of named
// parts from either becomes an import of each part's own module: the same
// modules the entry re-exports, and nothing else. An import this does not
// understand is left as written. The app's builds are untouched (they keep
// only the parts used).

const require = createRequire(import.meta.url)

function entryOf(pkg: string): { dir: string; text: string } {
  const pkgDir = dirname(require.resolve(`${pkg}/package.json`))
  const { module } = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as { module: string }
  const entry = join(pkgDir, module)
  return { dir: dirname(entry), text: readFileSync(entry, 'utf8') }
}

// export { default as ChevronLeft, default as ChevronLeftIcon } from './icons/chevron-left.mjs';
// becomes import ChevronLeft from '…/icons/chevron-left.mjs'
function iconParts(): Map<string, string> {
  const { dir, text } = entryOf('lucide-react')
  const parts = new Map<string, string>()
  for (const m of text.matchAll(/export \{([^}]*)\} from '(\.\/icons\/[^']+)';/g)) {
    const file = JSON.stringify(join(dir, m[2]!))
    for (const spec of m[1]!.split(',')) {
      const name = /^\s*default as (\w+)\s*$/.exec(spec)?.[1]
      if (name) parts.set(name, `import NAME from ${file};`)
    }
  }
  if (parts.size < 1000) throw new Error('lucide-react: expected its icons listed as "export { default as Name } from \'./icons/…\'"')
  return parts
}

// import * as Dialog from "@radix-ui/react-dialog"; (then export { Dialog })
// becomes import * as Dialog from '@radix-ui/react-dialog'
function radixParts(): Map<string, string> {
  const { text } = entryOf('radix-ui')
  const parts = new Map<string, string>()
  for (const m of text.matchAll(/^import \* as (\w+) from "(@radix-ui\/[\w-]+)";$/gm)) parts.set(m[1]!, `import * as NAME from '${m[2]}';`)
  if (parts.size < 20) throw new Error('radix-ui: expected its parts imported as "import * as Name from \\"@radix-ui/…\\""')
  return parts
}

const barrels: Record<string, () => Map<string, string>> = { 'lucide-react': iconParts, 'radix-ui': radixParts }

export function importsPerPart(): Plugin {
  const known = new Map<string, Map<string, string>>()
  return {
    name: 'imports-per-part',
    enforce: 'pre',
    transform(code, id) {
      // the app's own modules only: not libraries, nor a file read as text (?raw)
      if (id.includes('/node_modules/') || !/\.[jt]sx?$/.test(id)) return null
      let out = code
      for (const [pkg, build] of Object.entries(barrels)) {
        if (!out.includes(`'${pkg}'`)) continue
        let parts = known.get(pkg)
        if (!parts) known.set(pkg, (parts = build()))
        const partsOf = parts
        out = out.replace(new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*'${pkg}'`, 'g'), (all, names: string) => {
          const imports: string[] = []
          for (const spec of names.split(',').map((s) => s.trim()).filter(Boolean)) {
            if (spec.startsWith('type ')) continue
            const m = /^(\w+)(?:\s+as\s+(\w+))?$/.exec(spec)
            const line = m && partsOf.get(m[1]!)
            if (!m || !line) return all
            imports.push(line.replace('NAME', m[2] ?? m[1]!))
          }
          // as many lines as before, so line numbers in errors still match
          return imports.join(' ') + '\n'.repeat(all.split('\n').length - 1)
        })
      }
      return out === code ? null : out
    },
  }
}
