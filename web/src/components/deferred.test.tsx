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
  it('waits for its place to near the screen, not for the page to be idle', () => {
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
    expect(observers.at(-1)?.margin).toBe('100% 0px')
    act(() => observers.at(-1)?.seen([{ isIntersecting: false }]))
    expect(screen.queryByText('calculator')).toBeNull()
    act(() => observers.at(-1)?.seen([{ isIntersecting: true }]))
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
