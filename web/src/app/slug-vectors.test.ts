// @vitest-environment node
import { describe, expect, it } from 'vitest'
import raw from '../../../internal/search/testdata/slug-vectors.json?raw'
import { makeLogoSlug } from '@/components/make-logo'
import { listingSlug as menuListingSlug } from '@/features/layout/lib/menu-links'
import { bodyParam, brandSlug } from '@/features/models/lib/rules'
import { imageSlug } from '@/features/search/lib/facets'
import { listingSlug } from '@/lib/listing-slug'

// The shared vectors: the same file the Go packages check (internal/search,
// internal/sitepages, internal/httpapi), so the server and the app name the
// same listing, logo and body in the same words.
type Case = { in: string; want: string }
const vectors = JSON.parse(raw) as { listing: Case[]; image: Case[]; body: Case[] }

describe.each([
  ['listingSlug', listingSlug, vectors.listing],
  ['the menu links’ listingSlug', menuListingSlug, vectors.listing],
  ['imageSlug (search facets)', imageSlug, vectors.image],
  ['makeLogoSlug', makeLogoSlug, vectors.image],
  ['bodyParam', bodyParam, vectors.body],
  ['brandSlug', brandSlug, vectors.body],
] as const)('%s', (_name, slug, cases) => {
  it('has cases', () => expect(cases.length).toBeGreaterThan(0))
  it.each(cases.map((c) => [c.in, c.want]))('%j → %j', (input, want) => expect(slug(input)).toBe(want))
})
