import { useEffect, useState, type RefObject } from 'react'

export { useCountUp } from '@/lib/use-count-up'

// useScrollY is the page's vertical scroll, updated once per frame.
export function useScrollY(): number {
  const [y, setY] = useState(() => (typeof window === 'undefined' ? 0 : window.scrollY))
  useEffect(() => {
    let frame = 0
    const on = () => {
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(() => setY(window.scrollY))
    }
    window.addEventListener('scroll', on, { passive: true })
    on()
    return () => {
      window.removeEventListener('scroll', on)
      cancelAnimationFrame(frame)
    }
  }, [])
  return y
}

// useNearView turns true once the element comes within margin of the
// viewport (and stays true); without IntersectionObserver it is true at once.
export function useNearView(ref: RefObject<Element | null>, margin: number, enabled: boolean): boolean {
  const [near, setNear] = useState(!enabled)
  useEffect(() => {
    if (!enabled || near) return
    const el = ref.current
    if (!el || typeof IntersectionObserver !== 'function') {
      setNear(true)
      return
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true)
          io.disconnect()
        }
      },
      { rootMargin: `${margin}px 0px` },
    )
    io.observe(el)
    return () => io.disconnect()
  }, [ref, margin, enabled, near])
  return near
}

// useNow ticks every ms milliseconds.
export function useNow(ms: number): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), ms)
    return () => clearInterval(id)
  }, [ms])
  return now
}
