import { Suspense, useEffect, useState, type ReactNode } from 'react'

// A page the server drew is hydrated by React part by part: each <Part> is a
// Suspense boundary, which React hydrates on its own, yielding to the
// browser between parts and taking a part the visitor presses first. The
// page counts as live (<html data-hydrated>, which the presses held while
// the app loaded and the journeys wait for) once every part is hydrated:
// partsHydrated tells when.

type Token = { done: boolean }
const pending = new Set<Token>()
const waiters = new Set<() => void>()

// settle runs after the effects of the commit that called it, so the parts
// a newly hydrated part holds have registered first.
function settle() {
  queueMicrotask(() => {
    if (pending.size > 0) return
    for (const w of [...waiters]) {
      waiters.delete(w)
      w()
    }
  })
}

// Hydrated marks its part done: its effect runs when React has hydrated (or
// drawn) the part, after those of the part's own contents.
function Hydrated({ token }: { token: Token }) {
  useEffect(() => {
    token.done = true
    pending.delete(token)
    settle()
  }, [token])
  return null
}

export function Part({ children }: { children: ReactNode }) {
  const [token] = useState<Token>(() => ({ done: false }))
  // Outside the boundary: runs as soon as the part's place is committed,
  // while the part itself may still wait for its turn.
  useEffect(() => {
    if (!token.done) pending.add(token)
    return () => {
      pending.delete(token)
      settle()
    }
  }, [token])
  return (
    <Suspense fallback={null}>
      {children}
      <Hydrated token={token} />
    </Suspense>
  )
}

// partsHydrated resolves once no part waits to be hydrated. Call it from an
// effect of the root: by then every part of the shell has registered.
export function partsHydrated(): Promise<void> {
  return new Promise((resolve) => {
    waiters.add(resolve)
    settle()
  })
}
