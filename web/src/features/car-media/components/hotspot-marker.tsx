import { useLayoutEffect, useRef, useState, type ComponentProps } from 'react'
import { Plus } from 'lucide-react'
import { useDeferredComponent } from '@/lib/use-deferred-component'
import type { PlacedHotspot } from '../lib/media'

const loadPopover = () => import('./hotspot-popover').then((m) => m.HotspotPopover)

// MarkerButton is one feature pinned on the picture: a real button, so
// keyboards and touch reach it too.
export function MarkerButton({ spot, ...props }: { spot: PlacedHotspot } & ComponentProps<'button'>) {
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
// description. The popovers arrive when the visitor first reaches for a
// marker (pointer over it, a touch, focus); a press before then opens that
// marker's description once they have.
export function HotspotLayer({ spots }: { spots: readonly PlacedHotspot[] }) {
  const [reached, setReached] = useState(false)
  const [pressed, setPressed] = useState<string | null>(null)
  const Marker = useDeferredComponent(loadPopover, reached)
  const list = useRef<HTMLUListElement>(null)
  // The marker a keyboard rests on keeps focus when its popover arrives.
  const resting = useRef(-1)
  useLayoutEffect(() => {
    if (!Marker || resting.current < 0) return
    const at = document.activeElement
    if (!at || at === document.body) list.current?.querySelectorAll('button')[resting.current]?.focus()
    resting.current = -1
  }, [Marker])
  if (spots.length === 0) return null
  const reach = () => setReached(true)
  return (
    <ul ref={list} aria-label="Features" className="pointer-events-none absolute inset-0">
      {spots.map((s, i) => (
        <li key={s.key}>
          {Marker ? (
            <Marker spot={s} defaultOpen={pressed === s.key} />
          ) : (
            <MarkerButton
              spot={s}
              aria-haspopup="dialog"
              aria-expanded={false}
              onPointerEnter={reach}
              onTouchStart={reach}
              onFocus={() => {
                resting.current = i
                reach()
              }}
              onClick={() => {
                setPressed(s.key)
                reach()
              }}
            />
          )}
        </li>
      ))}
    </ul>
  )
}
