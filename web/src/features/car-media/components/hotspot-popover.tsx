import { Popover } from 'radix-ui'
import type { PlacedHotspot } from '../lib/media'
import { MarkerButton } from './hotspot-marker'

// HotspotPopover is one marker with its description in a popover: its own
// chunk, loaded when the visitor first reaches for a marker
// (docs/behaviour/screens.md#below-the-fold).
export function HotspotPopover({ spot, defaultOpen }: { spot: PlacedHotspot; defaultOpen: boolean }) {
  return (
    <Popover.Root defaultOpen={defaultOpen}>
      <Popover.Trigger asChild>
        <MarkerButton spot={spot} />
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
