import { useEffect, useState } from 'react'

// useIdle turns true once the browser has finished the first paint's work,
// so menu data loads after the page, never before it.
export function useIdle(timeout = 2000): boolean {
  const [idle, setIdle] = useState(false)
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setIdle(true), { timeout })
      return () => window.cancelIdleCallback(id)
    }
    const id = window.setTimeout(() => setIdle(true), timeout)
    return () => window.clearTimeout(id)
  }, [timeout])
  return idle
}
