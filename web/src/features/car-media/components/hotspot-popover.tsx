import type { RefObject } from 'react'
import { Popover } from 'radix-ui'
import type { PlacedHotspot } from '../lib/media'

// HotspotPopover is the open marker's description in a popover: its own
// chunk, loaded when the visitor first reaches for a marker
// (docs/behaviour/screens.md#below-the-fold). It points at the marker, a
// plain button of the page that is never swapped for another, so a press
// made while this arrives is never lost; closing hands focus back to it.
export function HotspotPopover({ spot, marker, onClose }: { spot: PlacedHotspot; marker: RefObject<HTMLButtonElement | null>; onClose: () => void }) {
  return (
    <Popover.Root open onOpenChange={(open) => !open && onClose()}>
      <Popover.Anchor virtualRef={marker as RefObject<HTMLButtonElement>} />
      <Popover.Portal>
        <Popover.Content
          side="top"
          sideOffset={6}
          // A press on the marker itself toggles it (its own click).
          onInteractOutside={(e) => {
            if (marker.current?.contains(e.target as Node)) e.preventDefault()
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault()
            marker.current?.focus()
          }}
          className="z-50 max-w-60 rounded-md border bg-background px-3 py-2 text-sm text-foreground shadow-md focus:outline-none"
        >
          {spot.description}
          <Popover.Arrow className="fill-background" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
