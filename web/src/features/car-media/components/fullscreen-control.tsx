import type { Ref } from 'react'
import { Dialog, Tooltip } from 'radix-ui'
import { Expand } from 'lucide-react'
import { cn } from '@/lib/utils'
import { FullscreenGallery } from './fullscreen-gallery'

export type FullscreenControlProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  buttonClass: string
  buttonRef?: Ref<HTMLButtonElement>
} & Omit<Parameters<typeof FullscreenGallery>[0], never>

// FullscreenControl is the gallery's Fullscreen button with its tooltip and
// the fullscreen dialog; it is its own chunk (Radix dialog and tooltip with
// their positioning), which the gallery loads once the page is idle or the
// button is reached for.
export function FullscreenControl({ open, onOpenChange, buttonClass, buttonRef, ...gallery }: FullscreenControlProps) {
  return (
    <Tooltip.Provider delayDuration={300}>
      <Dialog.Root open={open} onOpenChange={onOpenChange}>
        <Tooltip.Root>
          <Tooltip.Trigger asChild>
            <Dialog.Trigger asChild>
              <button ref={buttonRef} type="button" aria-label="Fullscreen" className={cn(buttonClass, 'absolute right-2 top-2')}>
                <Expand aria-hidden className="size-5" />
              </button>
            </Dialog.Trigger>
          </Tooltip.Trigger>
          <Tooltip.Portal>
            <Tooltip.Content side="left" sideOffset={6} className="z-50 rounded bg-foreground px-2 py-1 text-xs text-background shadow">
              Fullscreen
              <Tooltip.Arrow className="fill-foreground" />
            </Tooltip.Content>
          </Tooltip.Portal>
        </Tooltip.Root>
        {open && <FullscreenGallery {...gallery} />}
      </Dialog.Root>
    </Tooltip.Provider>
  )
}
