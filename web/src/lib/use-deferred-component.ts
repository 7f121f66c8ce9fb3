import { useEffect, useState, type ComponentType } from 'react'

// useDeferredComponent loads a component from its own chunk once the page is
// idle after its first paint, or at once when `now` turns true (a visitor
// reached for it), and returns it when it has arrived; with enabled false it
// loads nothing. Until then the caller draws a plain stand-in of the same
// look; server and first client render always get null, so they agree.
export function useDeferredComponent<P>(load: () => Promise<ComponentType<P>>, now = false, enabled = true): ComponentType<P> | null {
  const [C, setC] = useState<ComponentType<P> | null>(null)
  const [idle, setIdle] = useState(false)
  useEffect(() => {
    if (!enabled) return
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setIdle(true), { timeout: 2000 })
      return () => window.cancelIdleCallback(id)
    }
    const id = window.setTimeout(() => setIdle(true), 200)
    return () => window.clearTimeout(id)
  }, [enabled])
  const want = enabled && (idle || now)
  useEffect(() => {
    if (!want || C) return
    let live = true
    void load().then((loaded) => {
      if (live) setC(() => loaded)
    })
    return () => {
      live = false
    }
    // The loader is a module-level function; it does not change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [want, C])
  return C
}
