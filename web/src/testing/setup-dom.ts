// What the tests that draw components need: Testing Library's matchers and
// clean-up, and the browser APIs jsdom lacks (setup.ts loads this file only
// where there is a DOM).
import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, vi } from 'vitest'

afterEach(() => cleanup())

// Lazy route chunks load through the module graph; on a busy machine that
// takes longer than Testing Library's 1 s default. A wait still fails when
// its condition never holds.
configure({ asyncUtilTimeout: 10_000 })

function widthMatches(query: string): boolean {
  const min = /min-width:\s*(\d+)px/.exec(query)
  const max = /max-width:\s*(\d+)px/.exec(query)
  if (!min && !max) return false
  return (!min || window.innerWidth >= Number(min[1])) && (!max || window.innerWidth <= Number(max[1]))
}

// jsdom lacks these browser APIs; embla and Radix call them.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  // Width queries answer for jsdom's window (1024 px wide); others are false.
  value: vi.fn().mockImplementation((query: string) => ({
    matches: widthMatches(query),
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
})

class ObserverStub {
  readonly root = null
  readonly rootMargin = ''
  readonly thresholds: number[] = []
  observe(_target?: Element) {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return []
  }
}
// jsdom lays nothing out: every element a test draws is as good as on
// screen, so what waits to come near the viewport (components/deferred.tsx)
// is told it has, a moment after it starts watching.
class IntersectionStub extends ObserverStub {
  private live = true
  constructor(private readonly seen: IntersectionObserverCallback) {
    super()
  }
  override observe(target: Element) {
    setTimeout(() => {
      if (this.live) this.seen([{ isIntersecting: true, target } as IntersectionObserverEntry], this as unknown as IntersectionObserver)
    })
  }
  override disconnect() {
    this.live = false
  }
}
window.IntersectionObserver = IntersectionStub as unknown as typeof IntersectionObserver
window.ResizeObserver = ObserverStub as unknown as typeof ResizeObserver
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo
