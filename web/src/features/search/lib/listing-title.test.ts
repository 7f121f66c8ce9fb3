// @vitest-environment node
import { describe, expect, it } from 'vitest'
import raw from '../../../../../internal/sitepages/testdata/listing-title-vectors.json?raw'
import type { SearchState } from '../api/get-search'
import { listingTitle } from './listing-title'

// The shared vectors: the server's listing <title> is checked against the
// same file (internal/sitepages), so the tab keeps its words as the page loads.
type Case = { refinements: SearchState['refinements']; used_only?: boolean; want: string }
const { cases } = JSON.parse(raw) as { cases: Case[] }

describe('listing title', () => {
  it('has cases', () => expect(cases.length).toBeGreaterThan(0))
  it.each(cases.map((c) => [c.refinements, c.used_only ?? false, c.want] as const))('names %j (used only %s) %j', (refinements, usedOnly, want) => {
    expect(listingTitle({ text: '', page: 1, sort: '', refinements, ranges: {} }, usedOnly)).toBe(want)
  })
})
