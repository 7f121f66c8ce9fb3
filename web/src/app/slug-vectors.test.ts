// @vitest-environment node
import { describe, expect, it } from 'vitest'
import raw from '../../../internal/search/testdata/slug-vectors.json?raw'
import { bodyParam } from '@/features/models/lib/rules'
import { imageSlug } from '@/features/search/lib/facets'
import { listingSlug } from '@/lib/listing-slug'

// The shared vectors: the same file the Go packages check (internal/search,
// internal/sitepages, internal/httpapi), so the server and the app name the
// same listing, logo and body in the same words.
type Case = { in: string; want: string }
const vectors = JSON.parse(raw) as { listing: Case[]; image: Case[]; body: Case[] }

describe.each([
  ['listingSlug', listingSlug, vectors.listing],
  ['imageSlug', imageSlug, vectors.image],
  ['bodyParam', bodyParam, vectors.body],
] as const)('%s', (_name, slug, cases) => {
  it('has cases', () => expect(cases.length).toBeGreaterThan(0))
  it.each(cases.map((c) => [c.in, c.want]))('%j → %j', (input, want) => expect(slug(input)).toBe(want))
})
