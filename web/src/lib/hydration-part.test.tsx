import { act, waitFor } from '@testing-library/react'
import { useEffect } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, expect, test } from 'vitest'
import { Part, partsHydrated } from './hydration-part'

// The parts nest as a page's do: the page's part holds a card's part.
function Page({ onLive }: { onLive: () => void }) {
  useEffect(() => {
    void partsHydrated().then(onLive)
  }, [onLive])
  return (
    <div>
      <Part>
        <header>header</header>
      </Part>
      <Part>
        <main>
          <Part>
            <button type="button">card</button>
          </Part>
        </main>
      </Part>
    </div>
  )
}

afterEach(() => {
  document.body.innerHTML = ''
})

test('the page is live only once React has hydrated every part, nested ones too', async () => {
  const container = document.body.appendChild(document.createElement('div'))
  const onLive = () => {}
  container.innerHTML = renderToString(<Page onLive={onLive} />)
  const seen: string[] = []
  let live = false
  const mark = () => {
    live = true
    // Every part is React's by now: its elements carry React's own keys.
    for (const sel of ['header', 'main', 'button']) {
      const el = container.querySelector(sel)!
      if (Object.keys(el).some((k) => k.startsWith('__reactFiber'))) seen.push(sel)
    }
  }
  // As in the browser, not inside act(): React hydrates the parts in tasks
  // of their own after the shell, and the mark must wait for them.
  const g = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
  const before = g.IS_REACT_ACT_ENVIRONMENT
  g.IS_REACT_ACT_ENVIRONMENT = false
  try {
    hydrateRoot(container, <Page onLive={mark} />)
    await waitFor(() => expect(live).toBe(true))
  } finally {
    g.IS_REACT_ACT_ENVIRONMENT = before
  }
  expect(seen).toEqual(['header', 'main', 'button'])
})

test('a page drawn in the browser is live at once', async () => {
  const container = document.body.appendChild(document.createElement('div'))
  let live = false
  const { createRoot } = await import('react-dom/client')
  await act(async () => {
    createRoot(container).render(<Page onLive={() => (live = true)} />)
  })
  expect(live).toBe(true)
})
