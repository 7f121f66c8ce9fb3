// listingSlug writes a value as a listing path segment the way the server
// reads it back: lowercase, words joined by hyphens, ampersands and
// apostrophes dropped ("Land Rover" → "land-rover", "CX-5" → "cx-5").
export function listingSlug(value: string): string {
  const words: string[] = []
  let word = ''
  for (const ch of value.toLowerCase().replace(/[&'’]/g, '')) {
    if (isWordChar(ch)) {
      word += ch
    } else if (word) {
      words.push(word)
      word = ''
    }
  }
  if (word) words.push(word)
  return words.join('-')
}

// isWordChar is a letter or digit. Written without Unicode property
// escapes (\p{L}), which the server's renderer cannot read: a letter is a
// character with an upper and a lower case (every script our sites use).
function isWordChar(ch: string): boolean {
  return (ch >= '0' && ch <= '9') || ch.toLowerCase() !== ch.toUpperCase()
}
