import { Suspense, useEffect, useState, type ReactNode } from 'react'
import { isTakingOver } from './use-hydrated'

// The takeover of a page the server drew runs in pieces: each <Piece> is
// taken over in a task of its own, one after another in the order they were
// first drawn, so no single task holds the phone's main thread for the whole
// page (Lighthouse counts every task over 50 ms as blocking). Until its turn
// a piece keeps the server's DOM as it stands: it reads and looks the same,
// only its buttons wait (a few milliseconds) for their handlers.
//
// A piece's children must always draw exactly one element at their root:
// the server's DOM a waiting piece keeps is that element (a piece drawing
// nothing would keep its next sibling's).

let queue: Promise<void> = Promise.resolve()
let waiting = 0
const idle = new Set<() => void>()

// nextTask resolves in a task of its own (a message, which unlike a timer is
// not clamped to 4 ms when chained).
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resolve()
    }
    channel.port2.postMessage(null)
  })
}

function enqueue(): Promise<void> {
  waiting++
  const turn = queue.then(nextTask)
  queue = turn.then(() => {
    waiting--
    if (waiting === 0) for (const done of [...idle]) done()
  })
  return turn
}

// piecesTakenOver resolves once every piece waiting for its turn has been
// taken over (at once when none waits).
export function piecesTakenOver(): Promise<void> {
  if (waiting === 0) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      idle.delete(done)
      resolve()
    }
    idle.add(done)
  })
}

// The turns taken during this takeover, by piece name: a piece that
// suspends while it is first drawn may be drawn afresh when its turn comes,
// so the turn is kept here rather than in the piece's own state.
const turns = new Map<string, { done: boolean; promise: Promise<void> }>()

function Turn({ name, children }: { name: string; children: ReactNode }) {
  if (isTakingOver()) {
    let turn = turns.get(name)
    if (!turn) {
      const t = { done: false, promise: enqueue() }
      void t.promise.then(() => {
        t.done = true
      })
      turns.set(name, (turn = t))
    }
    // Until its turn the piece suspends (Preact keeps the server's DOM).
    if (!turn.done) throw turn.promise
  } else if (turns.size > 0) turns.clear()
  return <>{children}</>
}

// Piece takes its children over in a task of its own. Its name is unique
// on the page.
export function Piece({ name, children }: { name: string; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Turn name={name}>{children}</Turn>
    </Suspense>
  )
}

// useStaged counts up from 1 to `count`, one step per task, so a part the
// browser draws itself shows its sections (or cards) one task at a time. On
// the server, and for a part being taken over, it is `count` at once: the
// page arrives whole.
export function useStaged(count: number): number {
  const [shown, setShown] = useState(() => (typeof window === 'undefined' || isTakingOver() ? count : 1))
  useEffect(() => {
    if (shown >= count) return
    let live = true
    void nextTask().then(() => {
      if (live) setShown((n) => n + 1)
    })
    return () => {
      live = false
    }
  }, [shown, count])
  return shown
}
