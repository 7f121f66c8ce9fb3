import { lazy, Suspense } from 'react'
import { useSite } from '@/lib/site'
import { useSavedCars } from '@/lib/saved-cars'

// The tray is fixed over the page and shows only while the compare list
// holds a car, so it loads then, not with the first screen.
const CompareTray = lazy(() => import('./compare-tray').then((m) => ({ default: m.CompareTray })))

export function CompareTrayMount() {
  const site = useSite()
  const cars = useSavedCars('compare')
  const offered = site.features.compare && (site.pages ?? []).some((p) => p.path === '/compare')
  if (!offered || cars.length === 0) return null
  return (
    <Suspense fallback={null}>
      <CompareTray />
    </Suspense>
  )
}
