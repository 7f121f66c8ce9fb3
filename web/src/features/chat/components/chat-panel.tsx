import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react'
import { CheckCircle2, LoaderCircle, MessageCircle, Minus } from 'lucide-react'
import { Button } from '@/components/ui/button'
import type { useChat } from '../lib/store'

// The lead form (and its validation) loads when the panel first opens.
export const loadForm = () => import('@/features/leads/components/lead-form')
const LeadForm = lazy(() => loadForm().then((m) => ({ default: m.LeadForm })))

// ChatPanel is the open chat: its own chunk, fetched when the visitor
// reaches for the launcher or the chat opens.
export function ChatPanel({ onClose, takeFocus, car }: { onClose: () => void; takeFocus: boolean; car: ReturnType<typeof useChat>['car'] }) {
  const titleId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const [sent, setSent] = useState(false)
  const focusOnArrival = useCallback((el: HTMLElement | null) => el?.focus(), [])

  useEffect(() => {
    if (takeFocus) heading.current?.focus()
  }, [takeFocus])

  return (
    <section
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      className="flex max-h-[calc(100dvh-var(--bottom-bar-h,0px)-2rem)] w-[min(24rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-lg border bg-background shadow-2xl"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !e.defaultPrevented) {
          e.stopPropagation()
          onClose()
        }
      }}
    >
      {/* docs/behaviour/accessibility.md#landmarks: a plain div, not a second banner. */}
      <div className="flex items-center justify-between gap-2 bg-primary px-4 py-3 text-primary-foreground">
        <h2 id={titleId} ref={heading} tabIndex={-1} className="flex items-center gap-2 font-semibold focus:outline-none">
          <MessageCircle aria-hidden className="size-5" /> Instant Message
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Minimise chat"
          className="rounded-md p-1.5 hover:bg-primary-foreground/15 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-foreground"
        >
          <Minus aria-hidden className="size-5" />
        </button>
      </div>
      {/* The panel is narrow at any screen width: the form's input grids stack. */}
      <div className="overflow-y-auto p-4 [&_.grid]:grid-cols-1">
        {car ? (
          <p className="mb-3 rounded-md bg-muted px-3 py-2 text-sm" data-testid="chat-car">
            About <strong>{car.name}</strong>
            {car.stocknum ? <span className="text-muted-foreground"> · Stock #{car.stocknum}</span> : null}
          </p>
        ) : sent ? null : (
          <p className="mb-3 text-sm text-muted-foreground">Send us a message and our team will reply shortly.</p>
        )}
        {sent ? (
          // docs/behaviour/screens.md#focus-kept: the form goes as it is
          // sent; focus stays in the panel, on the word that it went.
          <div
            role="status"
            tabIndex={-1}
            ref={focusOnArrival}
            className="flex flex-col items-center gap-2 py-6 text-center focus:outline-none"
          >
            <CheckCircle2 aria-hidden className="size-10 text-primary" />
            <p className="font-semibold">Thanks, your message has been sent.</p>
            <p className="text-sm text-muted-foreground">We will be in touch shortly by email or phone.</p>
            <Button variant="outline" className="mt-2" onClick={onClose}>
              Close
            </Button>
          </div>
        ) : (
          <Suspense
            fallback={
              <p role="status" className="flex items-center gap-2 py-8 text-sm text-muted-foreground">
                <LoaderCircle aria-hidden className="size-4 animate-spin" /> Loading the form…
              </p>
            }
          >
            <LeadForm kind="chat" car={car} title="Instant Message" hideDealership stay onSubmitted={() => setSent(true)} />
          </Suspense>
        )}
      </div>
    </section>
  )
}
