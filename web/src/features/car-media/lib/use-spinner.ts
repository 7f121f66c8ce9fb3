import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { AUTO_ROTATE_INTERVAL_MS, SPIN_SENSITIVITY_PX, frameAfterDrag, mod } from './media'

// AutoRotate: 'once' turns the car one full circle then stops
// (docs/behaviour/states.md#spinner: "auto-rotate can stop after one full
// turn"); 'loop' keeps going;
// 'off' waits for the buyer.
export type AutoRotate = 'once' | 'loop' | 'off'

export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false
}

type Drag = { pointerId: number; x: number; frame: number }

// useSpinner holds a 360 spinner's state: the frame shown, how many frames
// have loaded (it is loading until all have), auto-rotation, dragging and
// keys. It draws nothing; the Spinner component does.
export function useSpinner(frameCount: number, autoRotate: AutoRotate = 'once', sensitivity = SPIN_SENSITIVITY_PX) {
  const [frame, setFrame] = useState(0)
  const [settled, setSettled] = useState<ReadonlySet<number>>(() => new Set())
  const [playing, setPlaying] = useState(false)
  const [touched, setTouched] = useState(false)
  const [dragging, setDragging] = useState(false)
  const drag = useRef<Drag | null>(null)
  const steps = useRef(0)
  const started = useRef(false)

  const loaded = settled.size >= frameCount
  // The first frame is the picture the buyer sees first (the page's largest
  // paint); the others are fetched once it is in, so they never compete.
  const posterSettled = settled.has(0)
  const loadedCount = Math.min(settled.size, frameCount)

  // A frame that fails still counts as settled: a missing frame must not
  // keep the spinner loading for ever (docs/behaviour/errors.md: spinner asset
  // failures are silent).
  const settle = useCallback((i: number) => {
    setSettled((s) => {
      if (s.has(i)) return s
      const next = new Set(s)
      next.add(i)
      return next
    })
  }, [])

  // Start turning once every frame is in, unless the buyer asked the system
  // for less motion or has already taken the wheel.
  useEffect(() => {
    if (!loaded || started.current || frameCount < 2) return
    started.current = true
    if (autoRotate !== 'off' && !touched && !prefersReducedMotion()) {
      steps.current = 0
      setPlaying(true)
    }
  }, [loaded, autoRotate, touched, frameCount])

  useEffect(() => {
    if (!playing) return
    const id = window.setInterval(() => {
      steps.current += 1
      setFrame((f) => mod(f + 1, frameCount))
      if (autoRotate !== 'loop' && steps.current >= frameCount) setPlaying(false)
    }, AUTO_ROTATE_INTERVAL_MS)
    return () => window.clearInterval(id)
  }, [playing, frameCount, autoRotate])

  const takeOver = useCallback(() => {
    setPlaying(false)
    setTouched(true)
  }, [])

  const togglePlaying = useCallback(() => {
    setTouched(true)
    setPlaying((p) => {
      if (!p) steps.current = 0
      return !p
    })
  }, [])

  const onPointerDown = useCallback(
    (e: PointerEvent<HTMLElement>) => {
      if (!loaded || (e.pointerType === 'mouse' && e.button !== 0)) return
      takeOver()
      drag.current = { pointerId: e.pointerId, x: e.clientX, frame }
      setDragging(true)
      // Keep receiving moves when the pointer leaves the picture mid-drag.
      e.currentTarget.setPointerCapture?.(e.pointerId)
    },
    [loaded, frame, takeOver],
  )

  const onPointerMove = useCallback(
    (e: PointerEvent<HTMLElement>) => {
      const d = drag.current
      if (!d || d.pointerId !== e.pointerId) return
      setFrame(frameAfterDrag(d.frame, e.clientX - d.x, frameCount, sensitivity))
    },
    [frameCount, sensitivity],
  )

  const endDrag = useCallback((e: PointerEvent<HTMLElement>) => {
    if (drag.current?.pointerId !== e.pointerId) return
    drag.current = null
    setDragging(false)
  }, [])

  const onKeyDown = useCallback(
    (e: KeyboardEvent<HTMLElement>) => {
      if (!loaded) return
      let next: number | null = null
      if (e.key === 'ArrowRight' || e.key === 'ArrowUp') next = frame + 1
      else if (e.key === 'ArrowLeft' || e.key === 'ArrowDown') next = frame - 1
      else if (e.key === 'Home') next = 0
      else if (e.key === 'End') next = frameCount - 1
      if (next === null) return
      e.preventDefault()
      takeOver()
      setFrame(mod(next, frameCount))
    },
    [loaded, frame, frameCount, takeOver],
  )

  return {
    frame,
    loaded,
    loadedCount,
    posterSettled,
    playing,
    dragging,
    // The hint stays until the buyer first turns the car themselves.
    showHint: loaded && !touched,
    settle,
    togglePlaying,
    handlers: { onPointerDown, onPointerMove, onPointerUp: endDrag, onPointerCancel: endDrag, onKeyDown },
  }
}
