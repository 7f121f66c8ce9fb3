// drawnHere tells whether the page the server drew is the page at the
// address the browser shows now. A visitor can go back or forward within
// the page before the app has loaded (the document was opened for a later
// entry of the same visit): the address has then moved on, and the drawn
// HTML is another page's. Taking it over would keep that page on screen
// under the new address, so the app draws the page afresh instead.
export function drawnHere(drawnAt: string | undefined, here: { pathname: string; search: string }): boolean {
  if (!drawnAt) return true
  let drawn: URL
  try {
    drawn = new URL(drawnAt)
  } catch {
    return true
  }
  return drawn.pathname === here.pathname && drawn.search === here.search
}

// documentAddress is the address the document was fetched from (after
// any redirect), whatever the page has done to its history since.
export function documentAddress(): string | undefined {
  const entry = performance.getEntriesByType?.('navigation')?.[0]
  return entry?.name || undefined
}
