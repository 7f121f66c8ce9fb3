import type { RouteObject } from 'react-router'
import type { DehydratedState } from '@tanstack/react-query'
import type { Site } from '@/lib/api'
import { AppProvider } from './provider'
import { AppRouter } from './router'

export function App({ site, state, routes }: { site: Site | null; state?: DehydratedState | null; routes?: RouteObject[] }) {
  return (
    <AppProvider site={site} state={state}>
      <AppRouter routes={routes} />
    </AppProvider>
  )
}
