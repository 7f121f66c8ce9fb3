import { useEffect, useState, type RefObject } from 'react'

// useNearView turns true once the element comes within margin of the
// viewport (pixels, or a CSS margin such as '100%': one screen's height),
// and stays true; with enabled false it is true at once, and so it is
// without IntersectionObserver. On the server and in the first client
// render it is false where enabled, so the two agree.
export function useNearView(ref: RefObject<Element | null>, margin: number | string, enabled = true): boolean {
  const [near, setNear] = useState(!enabled)
  const rootMargin = `${typeof margin === 'number' ? `${margin}px` : margin} 0px`
  useEffect(() => {
    if (!enabled || near) return
    const el = ref.current
    if (!el || typeof IntersectionObserver !== 'function') {
      setNear(true)
      return
    }
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin })
    io.observe(el)
    return () => io.disconnect()
  }, [ref, rootMargin, enabled, near])
  return near
}
