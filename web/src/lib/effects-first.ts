import { options } from 'preact'

// The app's libraries are written for React, which runs the effects a render
// left pending before it renders again. Preact runs effects after the next
// paint and may re-render before that (a state set from a ref callback),
// which leaves, for one, Radix's slider thumbs without their value (hidden).
// Here the pending effects run first, as in React; otherwise they still run
// after the next paint.
let flushPending: (() => void) | null = null
const hasFrames = typeof requestAnimationFrame === 'function'

options.requestAnimationFrame = (flush: () => void) => {
  flushPending = flush
  const run = () => {
    clearTimeout(timer)
    // Checked when called: a test's window may be gone by the time the
    // fallback timer runs.
    if (hasFrames && typeof cancelAnimationFrame === 'function') cancelAnimationFrame(frame)
    setTimeout(() => {
      if (flushPending === flush) flushPending = null
      flush()
    })
  }
  const timer = setTimeout(run, 35)
  const frame = hasFrames ? requestAnimationFrame(run) : 0
}

// flushEffects runs the effects renders left pending, now.
export function flushEffects() {
  const flush = flushPending
  flushPending = null
  flush?.()
}

options.debounceRendering = (render: () => void) =>
  queueMicrotask(() => {
    flushEffects()
    render()
  })
