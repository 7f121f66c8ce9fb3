import { useEffect } from 'react'
import type { RouteObject } from 'react-router'
import type { DehydratedState } from '@tanstack/react-query'
import type { Site } from '@/lib/api'
import { endTakeover } from '@/lib/use-hydrated'
import { piecesTakenOver } from '@/lib/hydrate-later'
import { AppProvider } from './provider'
import { AppRouter } from './router'
import { loadView } from './route-tree'
import { prefetchViewsOnIntent } from './prefetch-views'

export function App({ site, state, routes }: { site: Site | null; state?: DehydratedState | null; routes?: RouteObject[] }) {
  // The page is the app's from here on (taken over from the server's HTML,
  // or drawn): journeys and checks wait for this mark.
  useEffect(() => {
    // The pieces taken over in tasks of their own come first.
    let stop = () => {}
    void piecesTakenOver().then(() => {
      endTakeover()
      document.documentElement.dataset.hydrated = 'true'
      stop = prefetchViewsOnIntent(loadView)
    })
    return () => stop()
  }, [])
  return (
    <AppProvider site={site} state={state}>
      <AppRouter routes={routes} />
    </AppProvider>
  )
}
