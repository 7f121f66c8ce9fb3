import { useEffect } from 'react'
import type { RouteObject } from 'react-router'
import type { DehydratedState } from '@tanstack/react-query'
import type { Site } from '@/lib/api'
import { partsHydrated } from '@/lib/hydration-part'
import { AppProvider } from './provider'
import { AppRouter } from './router'
import { loadView } from './route-tree'
import { prefetchViewsOnIntent } from './prefetch-views'

export function App({ site, state, routes }: { site: Site | null; state?: DehydratedState | null; routes?: RouteObject[] }) {
  // The page is the app's once React has hydrated every part of it
  // (lib/hydration-part.tsx), or drawn it: journeys and the presses held
  // while the app loaded (lib/page-start.ts) wait for this mark. A part
  // still waiting its turn is hydrated first when pressed.
  useEffect(() => {
    let stop = () => {}
    let live = true
    void partsHydrated().then(() => {
      if (!live) return
      document.documentElement.dataset.hydrated = 'true'
      stop = prefetchViewsOnIntent(loadView)
    })
    return () => {
      live = false
      stop()
    }
  }, [])
  return (
    <AppProvider site={site} state={state}>
      <AppRouter routes={routes} />
    </AppProvider>
  )
}
