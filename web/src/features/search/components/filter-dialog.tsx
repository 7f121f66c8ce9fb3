import { Dialog } from 'radix-ui'
import { SlidersHorizontal, X } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { useCountUp } from '@/lib/use-count-up'

// ShowCountButton counts up to the number of matching cars (SPEC.md
// section 2: 'Show Me N cars' shows an animated count). Its accessible name
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

// FilterDialog holds the facet panel on small screens; filters apply as they
// are chosen and 'Show Me N cars' closes it onto the results.
export function FilterDialog({ count, activeCount, children }: { count: number; activeCount: number; children: ReactNode }) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button type="button" variant="outline" className="lg:hidden">
          <SlidersHorizontal aria-hidden />
          Filters{activeCount > 0 ? ` (${activeCount})` : ''}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-foreground/50" />
        <Dialog.Content className="fixed inset-y-0 left-0 z-50 flex w-full max-w-sm flex-col bg-background shadow-xl focus:outline-none">
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
            <ShowCountButton count={count} onClick={() => setOpen(false)} />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
