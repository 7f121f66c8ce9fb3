import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Deferred } from './deferred'

type Seen = (entries: { isIntersecting: boolean }[]) => void
let observers: { seen: Seen; margin: string | undefined }[] = []

class FakeObserver {
  constructor(seen: Seen, init?: IntersectionObserverInit) {
    observers.push({ seen, margin: init?.rootMargin })
  }
  observe() {}
  disconnect() {}
}

afterEach(() => {
  observers = []
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('Deferred', () => {
  // The rule keeps whether the visitor has moved for the page's life: the
  // cases before any move come first.
  it('shows its part when its place comes on the screen, though the visitor has not moved', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver)
    render(
      <Deferred minHeight="10rem">
        <p>calculator</p>
      </Deferred>,
    )
    const onScreen = observers.find((o) => o.margin === undefined)
    expect(onScreen).toBeDefined()
    act(() => onScreen?.seen([{ isIntersecting: true }]))
    expect(screen.getByText('calculator')).toBeInTheDocument()
  })

  it('waits for its place to near the screen and for the visitor to move, not for the page to be idle', () => {
    vi.useFakeTimers()
    vi.stubGlobal('IntersectionObserver', FakeObserver)
    vi.stubGlobal('requestIdleCallback', (f: () => void) => setTimeout(f, 1))
    const { container } = render(
      <Deferred minHeight="10rem">
        <p>calculator</p>
      </Deferred>,
    )
    act(() => vi.advanceTimersByTime(10_000))
    expect(screen.queryByText('calculator')).toBeNull()
    expect(container.querySelector('[data-deferred]')).toHaveStyle({ minHeight: '10rem' })
    const ahead = observers.find((o) => o.margin === '100% 0px')
    expect(ahead).toBeDefined()
    act(() => ahead?.seen([{ isIntersecting: false }]))
    act(() => window.dispatchEvent(new Event('scroll')))
    expect(screen.queryByText('calculator')).toBeNull()
    // Within a screen of it, while the page is left untouched: nothing.
    act(() => ahead?.seen([{ isIntersecting: true }]))
    act(() => vi.advanceTimersByTime(10_000))
    expect(screen.queryByText('calculator')).toBeNull()
    // The visitor scrolls: it loads ahead of them.
    act(() => window.dispatchEvent(new Event('scroll')))
    expect(screen.getByText('calculator')).toBeInTheDocument()
  })

  it('once the visitor has moved, loads as soon as its place nears the screen', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver)
    render(
      <Deferred minHeight="10rem" margin="400px">
        <p>calculator</p>
      </Deferred>,
    )
    const ahead = observers.find((o) => o.margin === '400px 0px')
    act(() => ahead?.seen([{ isIntersecting: true }]))
    expect(screen.getByText('calculator')).toBeInTheDocument()
  })

  it('shows its part at once where it cannot watch the screen', () => {
    vi.stubGlobal('IntersectionObserver', undefined)
    render(
      <Deferred minHeight="10rem">
        <p>calculator</p>
      </Deferred>,
    )
    expect(screen.getByText('calculator')).toBeInTheDocument()
  })
})
