import { options } from 'preact'
import { act as preactAct } from 'preact/test-utils'
import { flushEffects } from '@/lib/effects-first'

// Testing Library's act, as React DOM's test utilities give it: Preact's,
// with the order the app runs in (lib/effects-first): effects a render left
// pending run before the next render, and before the next act.
export function act(cb: () => unknown): Promise<void> {
  // What a render outside act left pending runs first, as in React.
  flushEffects()
  return preactAct(() => {
    const queue = options.debounceRendering!
    const schedule = options.requestAnimationFrame!
    let pending: (() => void)[] = []
    options.requestAnimationFrame = (flush: () => void) => {
      pending.push(flush)
      schedule(flush)
    }
    options.debounceRendering = (render: () => void) =>
      queue(() => {
        const flushes = pending
        pending = []
        for (const flush of flushes) flush()
        render()
      })
    return cb() as void
  }) as Promise<void>
}
