import { lazy, Suspense } from 'react'
import { useIdle } from '@/lib/use-idle'
import { useSite } from '@/lib/site'
import { useChat } from '../lib/store'

// The launcher and its panel are their own chunk: a chat site fetches it once
// the page is idle (or at once when Instant Message asks for it), so the
// first load carries nothing of the chat.
const ChatLauncher = lazy(() => import('./chat-launcher').then((m) => ({ default: m.ChatLauncher })))

// ChatMount sits in the site layout; it renders nothing where the site has
// no chat (docs/behaviour/states.md: "A chat widget can be hidden, shown or opened").
export function ChatMount() {
  const site = useSite()
  const chat = useChat()
  const idle = useIdle(2000, Boolean(site.features.chat))
  if (!site.features.chat || (!idle && chat.state === null)) return null
  return (
    <Suspense fallback={null}>
      <ChatLauncher initial={site.features.chat_state ?? 'shown'} />
    </Suspense>
  )
}
