// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import raw from '../../../internal/leads/testdata/contact-vectors.json?raw'
import { contactShape, leadMessages, regoRule } from './lead-schema'

// The shared vectors: the same file the Go package checks (internal/leads),
// so a buyer reads one message whichever side catches a slip.
interface ContactVectors {
  messages: Record<string, string>
  cases: { name: string; country: string; lead: Record<string, string>; want: Record<string, string> }[]
}
const vectors = JSON.parse(raw) as ContactVectors

describe('contact field messages', () => {
  it('are the server’s words', () => {
    const ours: Record<string, string> = leadMessages
    for (const [key, message] of Object.entries(vectors.messages)) expect(ours[key], key).toBe(message)
  })

  for (const c of vectors.cases) {
    it(c.name, () => {
      const schema = z.object({ ...contactShape({ splitName: false, lastName: false, postcode: 'optional' }, c.country), rego: regoRule })
      const result = schema.safeParse(c.lead)
      const got: Record<string, string> = {}
      for (const issue of result.success ? [] : result.error.issues) {
        const field = String(issue.path[0])
        got[field] ??= issue.message
      }
      expect(got).toEqual(c.want)
    })
  }
})
