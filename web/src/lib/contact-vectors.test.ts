// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import raw from '../../../internal/leads/testdata/contact-vectors.json?raw'
import { leadMessages } from './lead-messages'
import { postcodePattern } from './lead-rules'
import { contactShape, regoRule } from './lead-schema'

// The shared vectors: the same file the Go package checks (internal/leads),
// so a buyer reads one message whichever side catches a slip.
interface ContactVectors {
  messages: Record<string, string>
  appOnly: string[]
  cases: { name: string; country: string; lead: Record<string, string>; want: Record<string, string> }[]
}
const vectors = JSON.parse(raw) as ContactVectors

describe('contact field messages', () => {
  it('are the server’s words', () => {
    const ours: Record<string, string> = leadMessages
    expect(Object.keys(vectors.messages).length).toBeGreaterThan(0)
    for (const [key, message] of Object.entries(vectors.messages)) expect(ours[key], key).toBe(message)
  })

  // Every message of the app's is either the server's too (and held to the
  // vectors) or named as the app's own: a new one is a choice between them.
  it('are each shared with the server or named as the app’s own', () => {
    const shared = Object.keys(vectors.messages)
    expect(vectors.appOnly.filter((k) => shared.includes(k))).toEqual([])
    expect(Object.keys(leadMessages).sort()).toEqual([...shared, ...vectors.appOnly].sort())
  })

  it('check a postcode as the server does', () => {
    const postcodes = vectors.cases.filter((c) => c.lead.postcode)
    expect(postcodes.length).toBeGreaterThan(1)
    for (const c of postcodes) expect(postcodePattern.test(c.lead.postcode ?? ''), c.name).toBe(!c.want.postcode)
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
