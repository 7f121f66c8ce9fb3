import { act } from '@testing-library/react'
import { Suspense } from 'react'
import { createRoot, hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useAfterTakeover, useBrowserStore, useHydrated } from './use-hydrated'

// What the browser has and the server does not: shown as the server drew it
// while React hydrates, the browser's own from then on, with no mismatch.
let stored = 'browser'
const listeners = new Set<() => void>()
const subscribe = (l: () => void) => {
  listeners.add(l)
  return () => void listeners.delete(l)
}

function Parts() {
  const hydrated = useHydrated()
  const after = useAfterTakeover()
  const value = useBrowserStore(subscribe, () => stored, () => 'server')
  return (
    <p>
      {hydrated ? 'hydrated' : 'drawn'} {after ? 'after' : 'during'} {value}
    </p>
  )
}

function Page() {
  return (
    <div>
      <Suspense fallback={null}>
        <Parts />
      </Suspense>
      <Suspense fallback={null}>
        <Parts />
      </Suspense>
    </div>
  )
}

let root: Root | null = null
afterEach(() => {
  if (root) act(() => root!.unmount())
  root = null
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

describe('the browser’s own values', () => {
  it('are the server’s while the page is drawn and hydrated, then the browser’s, with no mismatch', async () => {
    const container = document.body.appendChild(document.createElement('div'))
    container.innerHTML = renderToString(<Page />)
    const drawn = [...container.querySelectorAll('p')]
    expect(drawn.map((p) => p.textContent)).toEqual(['drawn during server', 'drawn during server'])
    const errors = vi.spyOn(console, 'error')
    await act(async () => {
      root = hydrateRoot(container, <Page />, { onRecoverableError: (e) => console.error(e) })
    })
    expect(errors).not.toHaveBeenCalled()
    // The very elements the server drew, now the browser's.
    expect([...container.querySelectorAll('p')]).toEqual(drawn)
    expect(drawn.map((p) => p.textContent)).toEqual(['hydrated after browser', 'hydrated after browser'])
    stored = 'changed'
    act(() => listeners.forEach((l) => l()))
    expect(drawn[0]!.textContent).toBe('hydrated after changed')
  })

  it('are the browser’s at once on a page the browser draws itself', () => {
    stored = 'browser'
    const container = document.body.appendChild(document.createElement('div'))
    const r = (root = createRoot(container))
    act(() => r.render(<Page />))
    expect(container.querySelector('p')!.textContent).toBe('hydrated after browser')
  })
})
