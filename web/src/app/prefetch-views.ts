import type { PageView } from '@/config/routes'
import { routeFor } from '@/lib/offered-pages'

// The app announces no chunk ahead (vite.config.ts): a view's code loads
// when the visitor shows they may open it — the pointer over a link to it,
// a finger on one, or focus on one — so the page it leads to rarely waits
// for the chunks of its code to arrive one after another.
//
// prefetchViewsOnIntent listens on the document and asks `load` for each
// view once (again after a failed load); it returns the function that stops.
export function prefetchViewsOnIntent(load: (view: PageView) => Promise<unknown>): () => void {
  const asked = new Set<PageView>()
  const onIntent = (e: Event) => {
    const target = e.target
    if (!(target instanceof Element)) return
    const a = target.closest('a[href]')
    if (!(a instanceof HTMLAnchorElement) || a.origin !== window.location.origin) return
    const view = routeFor(a.pathname)?.view
    if (!view || asked.has(view)) return
    asked.add(view)
    load(view).catch(() => asked.delete(view))
  }
  const types = ['pointerover', 'touchstart', 'focusin'] as const
  for (const type of types) document.addEventListener(type, onIntent, { capture: true, passive: true })
  return () => {
    for (const type of types) document.removeEventListener(type, onIntent, { capture: true })
  }
}
