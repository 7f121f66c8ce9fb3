import { useSyncExternalStore } from 'react'

// useMediaQuery tells whether the browser's window matches a media query,
// and follows it as the window changes. Where the browser cannot say (the
// server), it answers true.
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      if (typeof window.matchMedia !== 'function') return () => {}
      const list = window.matchMedia(query)
      list.addEventListener('change', changed)
      return () => list.removeEventListener('change', changed)
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : true),
    () => true,
  )
}
