import { useSyncExternalStore } from 'react'

const noSubscribe = () => () => {}

// useHydrated is false while a page is drawn on the server and while the
// browser takes that page over, true from then on (and at once for a page
// the browser draws itself). Parts that depend on the visitor's browser
// (storage, random draws) or that are too long for the first screen wait
// for it, so the page the browser takes over is the page the server drew.
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  )
}
