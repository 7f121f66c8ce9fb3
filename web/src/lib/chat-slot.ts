import { useSyncExternalStore } from 'react'

// The header's place for the chat launcher on narrow screens, once React
// has committed it: the launcher puts its button there only then. Found by
// a selector instead, it could land in a header the browser has not yet
// taken over from the server's page (a part still waiting for its code),
// which React then finds changed and throws away (hydration error 418).
let slot: HTMLElement | null = null
const listeners = new Set<() => void>()

// chatSlotRef is the header slot's ref: set on commit, cleared on removal.
export function chatSlotRef(el: HTMLElement | null) {
  if (slot === el) return
  slot = el
  listeners.forEach((l) => l())
}

// useChatSlot is the header slot once committed; null before (and on the
// server).
export function useChatSlot(): HTMLElement | null {
  return useSyncExternalStore(
    (changed) => {
      listeners.add(changed)
      return () => listeners.delete(changed)
    },
    () => slot,
    () => null,
  )
}
