import { describe, expect, it } from 'vitest'
import { queryKeys } from './query-keys'

// Every source file of the app, as text (test files aside).
const sources = import.meta.glob(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}'], { query: '?raw', import: 'default', eager: true }) as Record<string, string>

describe('query keys', () => {
  it('are all written in query-keys.ts', () => {
    const files = Object.entries(sources)
    expect(files.length).toBeGreaterThan(50)
    const literal = /queryKey:\s*\[|Key\s*=\s*\[/
    const outside = files.filter(([f, text]) => !f.endsWith('/lib/query-keys.ts') && literal.test(text)).map(([f]) => f)
    expect(outside).toEqual([])
  })

  it('give each kind of answer an entry of its own', () => {
    // Two factories never make the same key from the same arguments.
    const made = Object.values(queryKeys).map((key) => JSON.stringify((key as (...a: never[]) => readonly unknown[])()))
    expect(new Set(made).size).toBe(made.length)
  })
})
