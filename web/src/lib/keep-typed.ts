import type { Ref, RefCallback } from 'react'
import { useHydrated } from './use-hydrated'

type Field = HTMLInputElement | HTMLTextAreaElement

// useKeepTyped keeps what a visitor typed into a controlled field of the
// server's page before React hydrated it. React leaves the text in the
// field, but the app's state starts from the server's value, and the next
// render would put that back. The returned ref (pass the field's own ref
// through it) reads the text as React takes the field over and hands it
// back as an input event: onChange gets it as if it were typed then. An
// uncontrolled field needs nothing: its text is its state (react-hook-form
// reads a field edited before it registers it).
export function useKeepTyped<E extends Field>(own: Ref<E> | undefined, controlled: boolean): RefCallback<E> {
  const hydrating = !useHydrated()
  return (el: E | null) => {
    // Until the visitor types, a hydrated field's value is the server's
    // (React sets defaultValue to it while hydrating).
    const typed = el && controlled && hydrating && el.value !== el.defaultValue ? el.value : null
    const cleanup = setRef(own, el)
    if (el && typed !== null) replayInput(el, typed)
    return cleanup
  }
}

function setRef<E>(ref: Ref<E> | undefined, el: E | null): void | (() => void) {
  if (typeof ref === 'function') return ref(el)
  if (ref) ref.current = el
}

// replayInput puts text in the field and fires an input event React reads
// as a change: React compares the field's value with the last one it saw, so
// it is first shown a different value, and the text goes in past it (the
// prototype's setter, which React does not watch).
function replayInput(el: Field, text: string) {
  const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el) as object, 'value')?.set
  if (!setValue) return
  el.value = text === '' ? ' ' : ''
  setValue.call(el, text)
  el.dispatchEvent(new Event('input', { bubbles: true }))
}
