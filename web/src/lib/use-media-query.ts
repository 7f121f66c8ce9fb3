import { useSyncExternalStore } from 'react'

// One MediaQueryList per query, made on first use: the store is read on
// every render.
const lists = new Map<string, MediaQueryList>()

function listFor(query: string): MediaQueryList | null {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return null
  let list = lists.get(query)
  if (!list) {
    list = window.matchMedia(query)
    lists.set(query, list)
  }
  return list
}

// useMediaQuery tells whether the browser's window matches a media query,
// and follows it as the window changes. Where the browser cannot say (the
// server), it answers true.
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = listFor(query)
      if (!list) return () => {}
      list.addEventListener('change', changed)
      return () => list.removeEventListener('change', changed)
    },
    () => listFor(query)?.matches ?? true,
    () => true,
  )
}
