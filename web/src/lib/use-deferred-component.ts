import { useEffect, useState, type ComponentType } from 'react'

// useDeferredComponent loads a component from its own chunk once `want`
// turns true (a visitor reached for it: pointer over, focus, touch or a
// press) and returns it when it has arrived. Until then the caller draws a
// plain stand-in of the same look; server and first client render always
// get null, so they agree.
export function useDeferredComponent<P>(load: () => Promise<ComponentType<P>>, want: boolean): ComponentType<P> | null {
  const [C, setC] = useState<ComponentType<P> | null>(null)
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
