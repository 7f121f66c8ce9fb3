import { useRef, useState, type ComponentProps } from 'react'
import { Plus } from 'lucide-react'
import { useDeferredComponent } from '@/lib/use-deferred-component'
import type { PlacedHotspot } from '../lib/media'

const loadPopover = () => import('./hotspot-popover').then((m) => m.HotspotPopover)

// MarkerButton is one feature pinned on the picture: a real button, so
// keyboards and touch reach it too.
function MarkerButton({ spot, ...props }: { spot: PlacedHotspot } & ComponentProps<'button'>) {
  return (
    <button
      type="button"
      aria-label={spot.description}
      style={{ left: `${spot.x}%`, top: `${spot.y}%` }}
      className="pointer-events-auto absolute flex size-8 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full border-2 border-primary-foreground bg-primary text-primary-foreground shadow-lg transition-transform hover:scale-110 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring motion-reduce:transition-none"
      {...props}
    >
      <Plus aria-hidden className="size-4" />
    </button>
  )
}

// HotspotLayer pins the features on the picture; choosing one shows its
// description, choosing it again hides it. The popover arrives when the
// visitor first reaches for a marker (pointer over it, a touch, focus); a
// press before then opens that marker's description once it has.
export function HotspotLayer({ spots }: { spots: readonly PlacedHotspot[] }) {
  const [reached, setReached] = useState(false)
  const [open, setOpen] = useState<string | null>(null)
  const Popover = useDeferredComponent(loadPopover, reached || open !== null)
  const openMarker = useRef<HTMLButtonElement | null>(null)
  if (spots.length === 0) return null
  const reach = () => setReached(true)
  const shown = spots.find((s) => s.key === open)
  return (
    <>
      <ul aria-label="Features" className="pointer-events-none absolute inset-0">
        {spots.map((s) => (
          <li key={s.key}>
            <MarkerButton
              spot={s}
              aria-haspopup="dialog"
              aria-expanded={open === s.key}
              onPointerEnter={reach}
              onTouchStart={reach}
              onFocus={reach}
              onClick={(e) => {
                openMarker.current = e.currentTarget
                setOpen((was) => (was === s.key ? null : s.key))
              }}
            />
          </li>
        ))}
      </ul>
      {Popover && shown && <Popover key={shown.key} spot={shown} marker={openMarker} onClose={() => setOpen(null)} />}
    </>
  )
}
