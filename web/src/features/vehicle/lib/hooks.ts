import { useEffect, useRef, useState, type RefObject } from 'react'

function reducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
}

// useCountUp eases a shown number from its last value (0 at first) to
// target over ms (SPEC.md section 4: views 1 s, sales counter 2 s), or jumps
// there for visitors who ask for less motion.
export function useCountUp(target: number, ms: number): number {
  const [shown, setShown] = useState(() => (reducedMotion() ? target : 0))
  const from = useRef(shown)
  useEffect(() => {
    const start = from.current
    if (start === target || reducedMotion() || typeof requestAnimationFrame !== 'function') {
      from.current = target
      setShown(target)
      return
    }
    let frame = 0
    let t0: number | undefined
    const step = (now: number) => {
      t0 ??= now
      const p = Math.max(0, Math.min(1, (now - t0) / ms))
      const v = Math.round(start + (target - start) * (1 - (1 - p) ** 3))
      from.current = v
      setShown(v)
      if (p < 1) frame = requestAnimationFrame(step)
    }
    frame = requestAnimationFrame(step)
    return () => cancelAnimationFrame(frame)
  }, [target, ms])
  return shown
}

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
