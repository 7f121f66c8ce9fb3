import { Dialog } from 'radix-ui'
import { X } from 'lucide-react'
import type { ReactNode, RefObject } from 'react'
import { Button } from '@/components/ui/button'
import { useCountUp } from '@/lib/use-count-up'

// ShowCountButton counts up to the number of matching cars
// (docs/behaviour/screens.md#search-results: 'Show Me N cars' shows an
// animated count). Its accessible name
// carries the final count, so screen readers hear one number.
export function ShowCountButton({ count, onClick }: { count: number; onClick: () => void }) {
  const shown = useCountUp(count)
  const word = count === 1 ? 'car' : 'cars'
  return (
    <Button type="button" size="lg" className="w-full" onClick={onClick} aria-label={`Show Me ${count.toLocaleString('en-AU')} ${word}`}>
      <span aria-hidden className="tabular-nums">
        Show Me {shown.toLocaleString('en-AU')} {word}
      </span>
    </Button>
  )
}

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  count: number
  // The Filters button outside this chunk: focus goes back to it on close.
  trigger: RefObject<HTMLButtonElement | null>
  contentId: string
  children: ReactNode
}

// FilterDialogContent is the dialog the Filters button opens; it loads with
// the first opening.
export function FilterDialogContent({ open, onOpenChange, count, trigger, contentId, children }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-foreground/50" />
        <Dialog.Content
          id={contentId}
          className="fixed inset-y-0 left-0 z-50 flex w-full max-w-sm flex-col bg-background shadow-xl focus:outline-none"
          onCloseAutoFocus={(e) => {
            e.preventDefault()
            trigger.current?.focus()
          }}
        >
          <div className="flex items-center justify-between border-b px-4 py-3">
            <Dialog.Title className="text-lg font-semibold">Filters</Dialog.Title>
            <Dialog.Close asChild>
              <Button type="button" variant="ghost" size="icon" aria-label="Close filters">
                <X aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Choose filters; the results update as you go.</Dialog.Description>
          <div className="flex-1 overflow-y-auto p-4">{children}</div>
          <div className="border-t p-4">
            <ShowCountButton count={count} onClick={() => onOpenChange(false)} />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
