import { useEffect, useState } from 'react'

// useIdle turns true once the browser has finished the first paint's work
// (with enabled false, never), for what a visitor may reach for at any
// moment but the page does not show (a desktop menu's lists, the chat
// launcher). A browser without idle callbacks waits a short moment after
// the first paint instead, not the whole idle timeout. What sits below the
// first screen waits for the visitor to near it instead (components/deferred.tsx).
export function useIdle(timeout = 2000, enabled = true): boolean {
  const [idle, setIdle] = useState(false)
  useEffect(() => {
    if (!enabled) return
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setIdle(true), { timeout })
      return () => window.cancelIdleCallback(id)
    }
    const id = window.setTimeout(() => setIdle(true), Math.min(timeout, 200))
    return () => window.clearTimeout(id)
  }, [timeout, enabled])
  return idle
}
