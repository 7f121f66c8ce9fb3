import { useSyncExternalStore } from 'react'
import type { CarSummary } from '@/features/leads/lib/kinds'

// docs/behaviour/states.md: "A chat widget can be hidden, shown or opened".
export type ChatState = 'hidden' | 'shown' | 'opened'

export type ChatSnapshot = {
  // null until the visitor acts: the site's chat_state (or what the visitor
  // chose earlier in this visit) applies.
  state: ChatState | null
  // The car the chat is about (Instant Message on a vehicle page).
  car?: CarSummary
  // The element to give focus back to when the panel closes; set only when
  // the visitor opened it, so a panel opened on arrival never takes focus.
  opener: HTMLElement | null
}

const memoryKey = 'chat-state'
let snapshot: ChatSnapshot = { state: null, opener: null }
const listeners = new Set<() => void>()

function set(next: ChatSnapshot) {
  snapshot = next
  listeners.forEach((l) => l())
}

// remembered is the state the visitor left the chat in during this visit,
// so a panel they minimised does not open again on the next page load.
export function remembered(): ChatState | null {
  try {
    const v = sessionStorage.getItem(memoryKey)
    return v === 'hidden' || v === 'shown' || v === 'opened' ? v : null
  } catch {
    return null
  }
}

function remember(state: ChatState) {
  try {
    sessionStorage.setItem(memoryKey, state)
  } catch {
    // Storage may be off; the state still holds until the page reloads.
  }
}

// openChat opens the panel, about a car when one is given (the vehicle
// page's Instant Message). Focus returns to the opener when it closes.
export function openChat(car?: CarSummary) {
  const active = typeof document !== 'undefined' ? (document.activeElement as HTMLElement | null) : null
  set({ state: 'opened', car: car ?? snapshot.car, opener: active && active !== document.body ? active : null })
}

// closeChat minimises the panel to where the site keeps it (the launcher,
// or nothing on a site whose chat starts hidden).
export function closeChat(rest: Exclude<ChatState, 'opened'>) {
  remember(rest)
  set({ ...snapshot, state: rest })
}

export function resetChatForTests() {
  snapshot = { state: null, opener: null }
  try {
    sessionStorage.removeItem(memoryKey)
  } catch {
    // nothing stored
  }
}

export function useChat(): ChatSnapshot {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    () => snapshot,
    () => snapshot,
  )
}
