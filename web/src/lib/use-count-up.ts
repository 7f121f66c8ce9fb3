import { useEffect, useRef, useState } from 'react'

function reducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
}

// useCountUp eases a shown number from its last value (0 at first) to
// target over ms (docs/behaviour/states.md: views 1 s, sales counter 2 s), or
// jumps straight there for visitors who ask for less motion. It starts at 0
// everywhere, so a page drawn on the server is taken over as it is.
export function useCountUp(target: number, ms = 400): number {
  const [shown, setShown] = useState(0)
  const from = useRef(shown)
  useEffect(() => {
    const start = from.current
    if (start === target || reducedMotion() || typeof requestAnimationFrame !== 'function') {
      from.current = target
      setShown(target)
      return
    }
    let frame = 0
    // Time from the first frame: frame timestamps need not share
    // performance.now()'s origin.
    let t0: number | undefined
    const step = (now: number) => {
      t0 ??= now
      const p = Math.max(0, Math.min(1, (now - t0) / ms))
      const eased = 1 - (1 - p) ** 3
      const v = Math.round(start + (target - start) * eased)
      from.current = v
      setShown(v)
      if (p < 1) frame = requestAnimationFrame(step)
    }
    frame = requestAnimationFrame(step)
    return () => cancelAnimationFrame(frame)
  }, [target, ms])
  return shown
}
