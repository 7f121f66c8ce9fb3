import { useEffect, useState } from 'react'

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

// useNow ticks every ms milliseconds.
export function useNow(ms: number): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), ms)
    return () => clearInterval(id)
  }, [ms])
  return now
}
