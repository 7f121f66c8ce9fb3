import { renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useCountUp } from './use-count-up'

const realMatchMedia = window.matchMedia

afterEach(() => {
  window.matchMedia = realMatchMedia
})

describe('useCountUp', () => {
  it('counts up from 0 to the target', async () => {
    const seen: number[] = []
    const { result } = renderHook(() => {
      const v = useCountUp(500, 50)
      seen.push(v)
      return v
    })
    await waitFor(() => expect(result.current).toBe(500))
    expect(seen[0]).toBe(0)
    expect(seen.some((v) => v > 0 && v < 500)).toBe(true)
    expect(seen.every((v) => v >= 0 && v <= 500)).toBe(true)
  })

  it('jumps straight to the target for visitors who prefer reduced motion', () => {
    window.matchMedia = vi.fn().mockImplementation((q: string) => ({ matches: q.includes('reduce'), media: q, addEventListener() {}, removeEventListener() {} })) as never
    const { result, rerender } = renderHook(({ n }) => useCountUp(n), { initialProps: { n: 1234 } })
    expect(result.current).toBe(1234)
    rerender({ n: 99 })
    expect(result.current).toBe(99)
  })
})
