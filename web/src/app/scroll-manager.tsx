import { useContext, useEffect, useLayoutEffect } from 'react'
import { UNSAFE_DataRouterContext, UNSAFE_DataRouterStateContext, useLocation } from 'react-router'
import { watchPage } from '@/lib/watch-page'

// Where each history entry was left, by entry key. The router records the
// position as a navigation leaves an entry; the page's own leaving (reload,
// a full page load) records it on pagehide. Kept for the tab's life.
const storageKey = 'forecourt-scroll-positions'
const positions: Record<string, number> = readPositions()

function readPositions(): Record<string, number> {
  try {
    const saved = JSON.parse(sessionStorage.getItem(storageKey) ?? '{}') as unknown
    return saved && typeof saved === 'object' ? (saved as Record<string, number>) : {}
  } catch {
    return {}
  }
}

// keyFirstEntry gives the entry the app was loaded into a key of its own.
// The router names an entry without one 'default', so every full page load
// (a plain link, a reload, a bookmark) would share one saved position: a
// page opened from the bottom of another would open at that offset. Call it
// before the router is created.
export function keyFirstEntry() {
  const state = (window.history.state ?? {}) as { key?: unknown; usr?: unknown; idx?: unknown }
  if (typeof state.key === 'string' && state.key !== '') return
  const key = Math.random().toString(36).slice(2, 10)
  window.history.replaceState({ ...state, usr: state.usr ?? null, key, idx: state.idx ?? 0 }, '')
}

// How long a restore or an anchor may wait for the page's content (lazy
// chunks, API answers) before giving up.
const settleMs = 5000

// ScrollManager puts each page where the visitor expects it
// (docs/behaviour/screens.md#focus-after-navigation): a new page at its top, or
// at its #anchor once that element is there; back and forward where the visitor
// left it. Pages draw their content after their data arrives (a restore would
// otherwise stop at the height of a half-drawn page, an anchor would be pushed
// away by what loads above it), so the target is applied again whenever the
// page changes, until the visitor scrolls, clicks or types, or settleMs passes.
export function ScrollManager() {
  const router = useContext(UNSAFE_DataRouterContext)?.router
  const state = useContext(UNSAFE_DataRouterStateContext)
  const restore = state?.restoreScrollPosition
  const keep = state?.preventScrollReset
  const location = useLocation()

  useEffect(() => {
    window.history.scrollRestoration = 'manual'
    const leave = () => {
      positions[window.history.state?.key ?? 'default'] = window.scrollY
      try {
        sessionStorage.setItem(storageKey, JSON.stringify(positions))
      } catch {
        // Private mode without storage: positions last for this document.
      }
      window.history.scrollRestoration = 'auto'
    }
    const back = () => {
      window.history.scrollRestoration = 'manual'
    }
    window.addEventListener('pagehide', leave)
    window.addEventListener('pageshow', back)
    return () => {
      window.removeEventListener('pagehide', leave)
      window.removeEventListener('pageshow', back)
    }
  }, [])

  useLayoutEffect(() => router?.enableScrollRestoration(positions, () => window.scrollY), [router])

  useLayoutEffect(() => {
    if (restore === false) return // a revalidation, not a new page
    let target: (() => void) | null = null
    if (typeof restore === 'number') {
      target = () => window.scrollTo(0, restore)
    } else if (location.hash) {
      let id = ''
      try {
        id = decodeURIComponent(location.hash.slice(1))
      } catch {
        id = location.hash.slice(1)
      }
      target = () => document.getElementById(id)?.scrollIntoView()
    } else if (!keep) {
      window.scrollTo(0, 0)
    }
    if (!target) return
    return settle(target)
  }, [location, restore, keep])

  return null
}

// settle applies target now and again whenever the page's size or content
// changes, until the visitor takes over or time runs out. It returns the
// function that stops it.
function settle(target: () => void): () => void {
  const stop = watchPage({ ms: settleMs, change: target, sizes: true, wheel: true })
  target()
  return stop
}
