import { useEffect, useState, useSyncExternalStore } from 'react'

// The page's phase: drawn on the server (no window), being taken over by the
// browser (from beginTakeover until the app's first effects have run), or
// live. A page the browser draws itself is live from the start.
const browser = typeof window !== 'undefined'
let live = browser
const listeners = new Set<() => void>()

function subscribe(l: () => void) {
  listeners.add(l)
  return () => {
    listeners.delete(l)
  }
}

// beginTakeover marks the page as being taken over from the server's HTML.
export function beginTakeover() {
  live = false
}

// isTakingOver tells whether the browser is taking over the server's page.
export function isTakingOver(): boolean {
  return browser && !live
}

// endTakeover marks the page live (the app calls it once its first render
// is in place) and redraws what waited for it.
export function endTakeover() {
  if (live) return
  live = true
  for (const l of [...listeners]) l()
}

// useHydrated is false while a page is drawn on the server and while the
// browser takes that page over, true from then on (and at once for a page
// the browser draws itself). Parts that depend on the visitor's browser
// (storage, random draws) wait for it, so the page the browser takes over is
// the page the server drew: the takeover keeps the server's DOM as it is.
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => live,
    () => false,
  )
}

// useBrowserStore reads a store only the browser has (local storage): the
// server's value while the page is drawn and taken over, the store's from
// then on.
export function useBrowserStore<T>(subscribeStore: (l: () => void) => () => void, read: () => T, serverValue: () => T): T {
  const hydrated = useHydrated()
  const value = useSyncExternalStore(subscribeStore, read, serverValue)
  return hydrated ? value : serverValue()
}

// useAfterTakeover is false on the server and while the browser takes the
// page over, and turns true in the render after the takeover ends, so the
// long lists that wait for it (results past the first screen, the filter
// lists) are not part of the takeover's own task (Preact has no sliced
// transitions: the results grid spreads its own work). Drawn by the browser
// itself (a later page, or one the server did not draw) it is true at once.
export function useAfterTakeover(): boolean {
  const hydrated = useHydrated()
  const [ready, setReady] = useState(hydrated)
  useEffect(() => {
    if (!ready && hydrated) setReady(true)
  }, [ready, hydrated])
  return ready
}
