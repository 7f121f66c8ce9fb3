import { useEffect, useState } from 'react'

// useIdle turns true once the browser has finished the first paint's work,
// so menu data loads after the page, never before it. A browser without
// idle callbacks waits a short moment after the first paint instead (as
// Deferred and useDeferredComponent do), not the whole idle timeout.
export function useIdle(timeout = 2000): boolean {
  const [idle, setIdle] = useState(false)
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setIdle(true), { timeout })
      return () => window.cancelIdleCallback(id)
    }
    const id = window.setTimeout(() => setIdle(true), Math.min(timeout, 200))
    return () => window.clearTimeout(id)
  }, [timeout])
  return idle
}
