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

// The server rendered the first screen (and embedded the data it used):
// hydrate that DOM, with the view's code loaded first so the first render
// draws what the server drew. Otherwise draw the app from nothing.
if (state && root.firstElementChild) {
  const { pathname, search, hash } = window.location
  // In a transition React hydrates the page in slices, yielding to the
  // browser every few milliseconds, instead of in one long task for what
  // lies outside the parts (a phone's main thread stays free to answer).
  void loadMatchedRoutes(appRoutes(), pathname + search + hash).then((routes) => startTransition(() => {
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
  }))
} else {
  createRoot(root).render(
    <StrictMode>
      <App site={site} />
    </StrictMode>,
  )
}
