import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react'

// Deferred draws a part that loads on demand (a React.lazy component below
// the first screen) once the page is idle after its first paint or its place
// comes within margin of the viewport, whichever is first. Until then, and
// while its chunk loads, a box of minHeight holds its place, so the page
// does not jump. Server and first client render draw the same box.
export function Deferred({ children, minHeight, margin = 600 }: { children: ReactNode; minHeight: string; margin?: number }) {
  const ref = useRef<HTMLDivElement>(null)
  const [shown, setShown] = useState(false)
  useEffect(() => {
    if (shown) return
    const show = () => setShown(true)
    const el = ref.current
    const io =
      el && typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), { rootMargin: `${margin}px 0px` })
        : null
    if (el) io?.observe(el)
    const idle = typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(show, { timeout: 2000 }) : undefined
    const timer = idle === undefined ? window.setTimeout(show, 200) : undefined
    return () => {
      io?.disconnect()
      if (idle !== undefined) window.cancelIdleCallback(idle)
      if (timer !== undefined) window.clearTimeout(timer)
    }
  }, [shown, margin])
  const box = <div ref={ref} style={{ minHeight }} aria-hidden />
  if (!shown) return box
  return <Suspense fallback={box}>{children}</Suspense>
}
