import { useEffect, useRef, useState, type ReactNode } from 'react'

// NearView renders its children once its place comes within margin of the
// viewport; until then it holds the space so the page does not jump.
export function NearView({ children, margin = '400px', minHeight = '40rem' }: { children: ReactNode; margin?: string; minHeight?: string }) {
  const ref = useRef<HTMLDivElement>(null)
  // On the server the part waits too (the browser takes the page over as
  // drawn); without IntersectionObserver the browser draws it at once.
  const [near, setNear] = useState(() => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    const el = ref.current
    if (near || !el) return
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true)
    }, { rootMargin: margin })
    io.observe(el)
    return () => io.disconnect()
  }, [near, margin])
  return (
    <div ref={ref} style={near ? undefined : { minHeight }}>
      {near && children}
    </div>
  )
}
