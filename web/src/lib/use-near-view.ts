import { useEffect, useState, type RefObject } from 'react'

// What counts as the visitor moving on the page: until one of these, only
// what is on the screen loads (docs/behaviour/screens.md#below-the-fold).
const moves = ['scroll', 'wheel', 'touchstart', 'keydown', 'pointerdown'] as const

let moved = false
const waiting = new Set<() => void>()

function onMove() {
  moved = true
  for (const m of moves) window.removeEventListener(m, onMove, true)
  for (const go of waiting) go()
  waiting.clear()
}

// whenMoved runs go once the visitor has scrolled, touched, pressed a key or
// a button on the page (at once if they already have); it returns a cancel.
function whenMoved(go: () => void): () => void {
  if (moved) {
    go()
    return () => {}
  }
  if (waiting.size === 0) for (const m of moves) window.addEventListener(m, onMove, { capture: true, passive: true })
  waiting.add(go)
  return () => waiting.delete(go)
}

// useNearView turns true once the element is on the screen, or once it is
// within margin of it (pixels, or a CSS margin such as '100%': one screen's
// height) and the visitor has moved on the page, and stays true: what sits
// below the first screen is never fetched while a page loads, and is
// fetched ahead of the visitor as they go. With enabled false it is true at
// once, and so it is without IntersectionObserver. On the server and in the
// first client render it is false where enabled, so the two agree.
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
    const show = () => setNear(true)
    let cancel = () => {}
    const seen = (entries: IntersectionObserverEntry[]) => entries.some((e) => e.isIntersecting)
    const inView = new IntersectionObserver((entries) => seen(entries) && show())
    const ahead = new IntersectionObserver((entries) => {
      cancel()
      if (seen(entries)) cancel = whenMoved(show)
    }, { rootMargin })
    inView.observe(el)
    ahead.observe(el)
    return () => {
      cancel()
      inView.disconnect()
      ahead.disconnect()
    }
  }, [ref, rootMargin, enabled, near])
  return near
}
