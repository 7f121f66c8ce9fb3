import { SlidersHorizontal } from 'lucide-react'
import { lazy, Suspense, useId, useRef, useState, type ReactNode } from 'react'
import { Button } from '@/components/ui/button'

// The dialog itself (Radix, focus trap, scroll lock) loads on first opening.
const loadContent = () => import('./filter-dialog-content')
const FilterDialogContent = lazy(() => loadContent().then((m) => ({ default: m.FilterDialogContent })))

// FilterDialog holds the facet panel on small screens; filters apply as they
// are chosen and 'Show Me N cars' closes it onto the results.
export function FilterDialog({ count, activeCount, children }: { count: number; activeCount: number; children: ReactNode }) {
  const [open, setOpen] = useState(false)
  // Mounted from the first opening on, so closing keeps Radix's exit state.
  const [used, setUsed] = useState(false)
  const trigger = useRef<HTMLButtonElement>(null)
  const contentId = useId()
  return (
    <>
      <Button
        ref={trigger}
        type="button"
        variant="outline"
        className="lg:hidden"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? contentId : undefined}
        data-state={open ? 'open' : 'closed'}
        // A pointer on the way or focus fetches the dialog before the click.
        onPointerEnter={() => void loadContent()}
        onFocus={() => void loadContent()}
        onClick={() => {
          setUsed(true)
          setOpen(true)
        }}
      >
        <SlidersHorizontal aria-hidden />
        Filters{activeCount > 0 ? ` (${activeCount})` : ''}
      </Button>
      {used && (
        <Suspense fallback={null}>
          <FilterDialogContent open={open} onOpenChange={setOpen} count={count} trigger={trigger} contentId={contentId}>
            {children}
          </FilterDialogContent>
        </Suspense>
      )}
    </>
  )
}
