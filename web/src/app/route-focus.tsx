import { useContext, useEffect, useRef, useState } from 'react'
import { UNSAFE_DataRouterStateContext, useLocation, useNavigationType } from 'react-router'
import { watchPage } from '@/lib/watch-page'

// How long the new page may take to draw its heading (lazy chunks, API
// answers) before focus goes to the main region instead.
const waitMs = 5000

// RouteFocus moves focus to a new page and says which page it is
// (docs/behaviour/screens.md#focus-after-navigation): after a link or a
// form takes the visitor to another path, focus goes to the page's main
// heading (the main region until it draws one) and a polite status reads
// the page's title. Not on the first load, not on back and forward, and not
// when only the query string changes (a filter, a sort) or the navigation
// asks to keep its place (the results page's own changes).
export function RouteFocus() {
  const location = useLocation()
  const type = useNavigationType()
  const keep = useContext(UNSAFE_DataRouterStateContext)?.preventScrollReset
  const [said, setSaid] = useState('')
  const shown = useRef(location.pathname)

  useEffect(() => {
    const from = shown.current
    shown.current = location.pathname
    if (type === 'POP' || keep || from === location.pathname) return
    return whenDrawn((target) => {
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
      target.focus({ preventScroll: true })
      setSaid(document.title)
    })
  }, [location.pathname, type, keep])

  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="page-announcer">
      {said}
    </div>
  )
}

// whenDrawn calls found with the page's main heading once it is there, or
// with the main region if none comes in time; the visitor pressing a key
// or the mouse first cancels it. It returns the function that stops it.
function whenDrawn(found: (target: HTMLElement) => void): () => void {
  const main = document.getElementById('main')
  if (!main) return () => {}
  const heading = () => main.querySelector<HTMLElement>('h1')
  // The title is set by the page's own effects, after this one: the first
  // look is a frame later.
  const stop = watchPage({
    ms: waitMs,
    change: () => {
      const h = heading()
      if (!h) return
      stop()
      found(h)
    },
    timeout: () => found(heading() ?? main),
  })
  return stop
}
