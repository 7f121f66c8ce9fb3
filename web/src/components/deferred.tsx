import { Suspense, useRef, type ReactNode } from 'react'
import { useNearView } from '@/lib/use-near-view'

// Deferred draws a part that loads on demand (a React.lazy component below
// the first screen) once its place comes within margin of the viewport (by
// default one screen's height): nothing below the first screen is fetched
// while the page loads (docs/behaviour/screens.md#below-the-fold). Until
// then, and while its chunk loads, a box of minHeight holds its place, so
// the page does not jump. Server and first client render draw the same box.
export function Deferred({ children, minHeight, margin = '100%' }: { children: ReactNode; minHeight: string; margin?: string }) {
  const ref = useRef<HTMLDivElement>(null)
  const shown = useNearView(ref, margin)
  const box = <div ref={ref} style={{ minHeight }} aria-hidden data-deferred />
  if (!shown) return box
  return <Suspense fallback={box}>{children}</Suspense>
}
