import type { Site } from '@/lib/api'
import { AppProvider } from './provider'
import { AppRouter } from './router'

export function App({ site }: { site: Site | null }) {
  return (
    <AppProvider site={site}>
      <AppRouter />
    </AppProvider>
  )
}
