import { Popover } from 'radix-ui'
import { Plus } from 'lucide-react'
import type { PlacedHotspot } from '../lib/media'

// HotspotMarker is one feature pinned on the picture; choosing it shows its
// description. It is a real button, so keyboards and touch reach it too.
export function HotspotMarker({ spot }: { spot: PlacedHotspot }) {
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <button
          type="button"
          aria-label={spot.description}
          style={{ left: `${spot.x}%`, top: `${spot.y}%` }}
          className="pointer-events-auto absolute flex size-8 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full border-2 border-primary-foreground bg-primary text-primary-foreground shadow-lg transition-transform hover:scale-110 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring motion-reduce:transition-none"
        >
          <Plus aria-hidden className="size-4" />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          sideOffset={6}
          className="z-50 max-w-60 rounded-md border bg-background px-3 py-2 text-sm text-foreground shadow-md focus:outline-none"
        >
          {spot.description}
          <Popover.Arrow className="fill-background" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}

export function HotspotLayer({ spots }: { spots: readonly PlacedHotspot[] }) {
  if (spots.length === 0) return null
  return (
    <ul aria-label="Features" className="pointer-events-none absolute inset-0">
      {spots.map((s) => (
        <li key={s.key}>
          <HotspotMarker spot={s} />
        </li>
      ))}
    </ul>
  )
}
