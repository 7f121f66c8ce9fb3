import { startTransition, StrictMode } from 'react'
import { setNonce } from 'get-nonce'
import { createRoot, hydrateRoot } from './lib/react-dom-client'
import type { DehydratedState } from '@tanstack/react-query'
import { App } from './app'
import { appRoutes } from './app/route-tree'
import { loadMatchedRoutes } from './app/router'
import { readEmbeddedSite } from './features/site'
import { siteToday } from './lib/offered-pages'
import { unpackState } from './lib/page-state'
import { documentAddress, drawnHere } from './lib/drawn-here'

// The page's style nonce (the server's content security policy names it), for
// the <style> element the dialogs' scroll lock adds.
const nonce = document.querySelector('meta[name="csp-nonce"]')?.getAttribute('content')
if (nonce) setNonce(nonce)

// readState is the data the server drew the page with.
function readState(): DehydratedState | null {
  const el = document.getElementById('query-state')
  if (!el?.textContent) return null
  try {
    return unpackState(JSON.parse(el.textContent) as DehydratedState)
  } catch {
    return null
  }
}

const root = document.getElementById('root')!
const site = readEmbeddedSite()
const state = readState()

// The site's day (a time zone's first use loads its data) is found in a
// task of its own while the page's code for the view is still on its way.
if (site) setTimeout(() => siteToday(site))

// drawFresh draws the app from nothing, over whatever the server drew.
function drawFresh() {
  root.replaceChildren()
  createRoot(root).render(
    <StrictMode>
      <App site={site} state={state} />
    </StrictMode>,
  )
}

// The server rendered the first screen (and embedded the data it used):
// hydrate that DOM, with the view's code loaded first so the first render
// draws what the server drew. Otherwise draw the app from nothing: also when
// the visitor has gone back within the page before the app came, before or
// while the view's code loads, since the drawn HTML is then another
// address's (lib/drawn-here.ts).
if (state && root.firstElementChild && drawnHere(documentAddress(), window.location)) {
  const { pathname, search, hash } = window.location
  void loadMatchedRoutes(appRoutes(), pathname + search + hash).then((routes) => {
    if (!drawnHere(documentAddress(), window.location)) {
      drawFresh()
      return
    }
    // In a transition React hydrates the page in slices, yielding to the
    // browser every few milliseconds, instead of in one long task for what
    // lies outside the parts (a phone's main thread stays free to answer).
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <App site={site} state={state} routes={routes} />
        </StrictMode>,
        {
          // A part that did not match the server's HTML is drawn afresh by
          // React; it is still a fault (a flash, lost input), so it is
          // reported where the journeys look: the console's errors.
          onRecoverableError: (error, info) => console.error('hydration:', error, info.componentStack ?? ''),
        },
      )
    })
  })
} else {
  drawFresh()
}
