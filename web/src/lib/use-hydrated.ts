import { useDeferredValue, useSyncExternalStore } from 'react'

// Nothing to subscribe to: the answer changes once, from the server's to the
// browser's, and React makes that change itself after hydrating.
const subscribeNever = () => () => {}

// useHydrated is false while a page is drawn on the server and while React
// hydrates that page in the browser (React reads the server snapshot then),
// true from then on (and at once for a page the browser draws itself).
// Parts that depend on the visitor's browser (storage, random draws) wait
// for it, so what React hydrates matches the server's HTML.
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  )
}

// useBrowserStore reads a store only the browser has (local storage): the
// server's value while the page is drawn and hydrated, the store's from then
// on.
export function useBrowserStore<T>(subscribeStore: (l: () => void) => () => void, read: () => T, serverValue: () => T): T {
  return useSyncExternalStore(subscribeStore, read, serverValue)
}

// useAfterTakeover is false on the server and while the browser hydrates the
// page, and turns true in a deferred render after that, so the long lists
// that wait for it (results past the first screen, the filter lists) are
// drawn in a render React may interrupt, not in hydration's own. Drawn by
// the browser itself (a later page, or one the server did not draw) it is
// true at once.
export function useAfterTakeover(): boolean {
  return useDeferredValue(useHydrated())
}
