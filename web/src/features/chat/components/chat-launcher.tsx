import { lazy, Suspense, useEffect, useRef } from 'react'
import { createPortal } from 'react-dom'
import { MessageCircle } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { useMediaQuery } from '@/lib/use-media-query'
import { useChatSlot } from '@/lib/chat-slot'
import { closeChat, openChat, remembered, useChat, type ChatState } from '../lib/store'

// The open panel, and the lead form in it, load when the visitor reaches
// for the launcher (pointer over it, focus) or the chat opens.
const loadPanel = () => import('./chat-panel')
const ChatPanel = lazy(() => loadPanel().then((m) => ({ default: m.ChatPanel })))
const reachFor = () => void loadPanel().then((m) => m.loadForm()).catch(() => undefined)

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
        <Suspense fallback={null}>
          <ChatPanel onClose={() => closeChat(rest)} takeFocus={chat.opener !== null} car={chat.car} />
        </Suspense>
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
      onPointerEnter={reachFor}
      onFocus={reachFor}
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
