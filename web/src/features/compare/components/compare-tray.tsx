import { GitCompare, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { useSite } from '@/lib/site'
import { compareLimit, onListFull, useSavedCars } from '@/lib/saved-cars'
import { compareHref } from '../lib/compare'

// Keeps clear of a page's fixed bottom bar (the vehicle page's actions on
// phones), which publishes its height as --bottom-bar-h.
const clearOfBottomBar = { bottom: 'calc(var(--bottom-bar-h, 0px) + 1rem)' }

export const compareFullMessage = `You can compare up to ${compareLimit} cars. Remove one to add another.`

// CompareTray is the small bar fixed at the bottom of every page while the
// compare list holds a car: 'Compare (N)' opens the table. The visitor may
// hide it; it comes back when the list changes. A car refused because the
// list is full is explained here.
export function CompareTray() {
  const site = useSite()
  const cars = useSavedCars('compare')
  const { pathname } = useLocation()
  const [hiddenFor, setHiddenFor] = useState<string | null>(null)
  const [notice, setNotice] = useState('')
  const key = cars.map((c) => c.id).join(',')

  useEffect(
    () =>
      onListFull((list) => {
        if (list !== 'compare') return
        setHiddenFor(null)
        setNotice(compareFullMessage)
      }),
    [],
  )
  // A change to the list clears an old notice.
  useEffect(() => setNotice(''), [key])

  const offered = site.features.compare && (site.pages ?? []).some((p) => p.path === '/compare')
  if (!offered || cars.length === 0 || pathname === '/compare' || hiddenFor === key) return null
  return (
    <aside
      aria-label="Compare list"
      className="fixed left-4 z-40 flex max-w-[calc(100vw-6rem)] flex-col gap-2 rounded-lg border bg-background p-2 shadow-lg print:hidden"
      style={clearOfBottomBar}
      data-testid="compare-tray"
    >
      <div className="flex items-center gap-1">
        <Link
          to={compareHref(cars.map((c) => c.id))}
          className="inline-flex h-10 items-center gap-2 rounded-md bg-primary px-4 text-sm font-semibold text-primary-foreground hover:ring-text focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
        >
          <GitCompare aria-hidden className="size-4" />
          Compare ({cars.length})
        </Link>
        <button
          type="button"
          onClick={() => setHiddenFor(key)}
          aria-label="Hide the compare bar"
          className="inline-flex size-10 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <X aria-hidden className="size-4" />
        </button>
      </div>
      <p role="status" className={notice ? 'max-w-xs px-1 text-sm font-medium text-destructive' : 'sr-only'}>
        {notice}
      </p>
    </aside>
  )
}
