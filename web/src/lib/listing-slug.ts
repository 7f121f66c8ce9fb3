// listingSlug writes a value as a listing path segment the way the server
// reads it back: lowercase, words joined by hyphens, ampersands and
// apostrophes dropped ("Land Rover" → "land-rover", "CX-5" → "cx-5"). A
// word is letters and decimal digits of any script, as the server counts
// them (internal/search/testdata/slug-vectors.json holds both to the same
// cases).
export function listingSlug(value: string): string {
  return (value.toLowerCase().replace(/[&'’]/g, '').match(/[\p{L}\p{Nd}]+/gu) ?? []).join('-')
}
