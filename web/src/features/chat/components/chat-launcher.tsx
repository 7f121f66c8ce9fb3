import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { CheckCircle2, LoaderCircle, MessageCircle, Minus } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { useMediaQuery } from '@/lib/use-media-query'
import { useChatSlot } from '@/lib/chat-slot'
import { closeChat, openChat, remembered, useChat, type ChatState } from '../lib/store'

// The lead form (and its validation) loads when the panel first opens.
const loadForm = () => import('@/features/leads/components/lead-form')
const LeadForm = lazy(() => loadForm().then((m) => ({ default: m.LeadForm })))

// The open panel keeps clear of a page's fixed bottom bar (the vehicle
// page's actions on phones), which publishes its height as --bottom-bar-h.
const clearOfBottomBar = { bottom: 'calc(var(--bottom-bar-h, 0px) + 1rem)' }

// The launcher never sits over the page's content (docs/behaviour/states.md#chat).
// From this width the page's side margin beside the 80rem content column
// (its scrollbar taken off) holds the round button, so it floats there; on
// narrower screens it sits in the header's row of icons, in the slot the
// header keeps for it.
const gutterQuery = '(min-width: 1366px)'

// ChatLauncher is the chat button and the panel it opens
// (docs/behaviour/states.md: "A chat widget can be hidden, shown or opened").
// The visitor's message arrives as an 'Instant Message' enquiry through the
// same outbox as every lead; no outside script is involved.
export function ChatLauncher({ initial }: { initial: ChatState }) {
  const chat = useChat()
  const state = chat.state ?? remembered() ?? initial
  const rest = initial === 'hidden' ? 'hidden' : 'shown'
  const launcher = useRef<HTMLButtonElement>(null)
  const wasOpen = useRef(state === 'opened')
  // The header's slot while the screen is too narrow for the side margin
  // (none where a page has no header).
  const headerSlot = useChatSlot()
  const wide = useMediaQuery(gutterQuery)
  const slot = wide ? null : headerSlot
  // A header still being taken over has its slot, not yet committed: the
  // button waits for it rather than float over the page meanwhile.
  const slotComing = !wide && !headerSlot && document.querySelector('[data-chat-slot]') !== null

  // Focus goes back where it came from when the panel closes: the button
  // that opened it, else the launcher.
  useEffect(() => {
    if (state === 'opened') {
      wasOpen.current = true
      return
    }
    if (!wasOpen.current) return
    wasOpen.current = false
    const back = chat.opener && chat.opener.isConnected ? chat.opener : launcher.current
    back?.focus()
  }, [state, chat.opener])

  if (state === 'hidden' || (state !== 'opened' && slotComing)) return null
  if (state === 'opened') {
    return (
      <div className="fixed right-4 z-40 print:hidden" style={clearOfBottomBar} data-testid="chat">
        <ChatPanel onClose={() => closeChat(rest)} takeFocus={chat.opener !== null} car={chat.car} />
      </div>
    )
  }
  const button = (
    <Button
      ref={launcher}
      variant={slot ? 'ghost' : 'default'}
      className={slot ? 'size-9 p-0 hover:bg-header-foreground/10 hover:text-header-foreground [&_svg]:size-5' : 'size-10 rounded-full p-0 shadow-lg'}
      aria-label="Chat with us"
      title="Chat with us"
      aria-haspopup="dialog"
      aria-expanded={false}
      onPointerEnter={() => void loadForm().catch(() => undefined)}
      onFocus={() => void loadForm().catch(() => undefined)}
      onClick={() => openChat()}
    >
      <MessageCircle aria-hidden />
    </Button>
  )
  if (slot) return createPortal(<span className="inline-flex" data-testid="chat">{button}</span>, slot)
  return (
    <div className="fixed bottom-4 right-1.5 z-40 print:hidden" data-testid="chat">
      {button}
    </div>
  )
}

function ChatPanel({ onClose, takeFocus, car }: { onClose: () => void; takeFocus: boolean; car: ReturnType<typeof useChat>['car'] }) {
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
