import { startTransition, useEffect, useState, useSyncExternalStore } from 'react'

const noSubscribe = () => () => {}

// useHydrated is false while a page is drawn on the server and while the
// browser takes that page over, true from then on (and at once for a page
// the browser draws itself). Parts that depend on the visitor's browser
// (storage, random draws) wait for it, so the page the browser takes over is
// the page the server drew.
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  )
}

// useAfterTakeover is false on the server and while the browser takes the
// page over; then it turns true in a transition, which React draws in small
// slices, so the long lists that wait for it (results past the first
// screen, the filter lists) never hold the page up. Drawn by the browser
// itself (a later page, or one the server did not draw) it is true at once.
export function useAfterTakeover(): boolean {
  const hydrated = useHydrated()
  const [ready, setReady] = useState(hydrated)
  useEffect(() => {
    if (!ready) startTransition(() => setReady(true))
  }, [ready])
  return ready
}
