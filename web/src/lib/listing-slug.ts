// listingSlug writes a value as a listing path segment the way the server
// reads it back: lowercase, words joined by hyphens, ampersands and
// apostrophes dropped ("Land Rover" → "land-rover", "CX-5" → "cx-5").
export function listingSlug(value: string): string {
  return value
    .toLowerCase()
    .replace(/[&'’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join('-')
}
