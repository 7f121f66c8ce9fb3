import { useState } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'preact-render-to-string'
import { render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Piece, piecesTakenOver, useStaged } from './hydrate-later'
import { beginTakeover, endTakeover } from './use-hydrated'

function Counter({ id }: { id: string }) {
  const [n, setN] = useState(0)
  return (
    <section id={id}>
      <button type="button" onClick={() => setN(n + 1)}>
        {id} {n}
      </button>
    </section>
  )
}

function Page() {
  return (
    <div>
      <Piece name="first">
        <Counter id="first" />
      </Piece>
      <p id="between">Between the pieces</p>
      <Piece name="second">
        <Counter id="second" />
      </Piece>
    </div>
  )
}

const nextTask = () => new Promise<void>((r) => setTimeout(r, 0))

describe('pieces of a takeover', () => {
  afterEach(() => {
    endTakeover()
    document.body.innerHTML = ''
  })

  it('takes each piece over in a later task, keeping the server’s DOM as it stands meanwhile', async () => {
    const container = document.createElement('div')
    container.innerHTML = renderToString(<Page />)
    document.body.append(container)
    const drawn = ['first', 'between', 'second'].map((id) => document.getElementById(id))
    const html = container.innerHTML

    beginTakeover()
    hydrateRoot(container, <Page />)
    // The pieces wait for their turn: the page reads as the server drew it,
    // and a piece's buttons have no handler yet.
    expect(container.innerHTML).toBe(html)
    document.querySelector<HTMLButtonElement>('#first button')!.click()
    await Promise.resolve()
    await Promise.resolve()
    expect(document.querySelector('#first button')!.textContent).toBe('first 0')

    await piecesTakenOver()
    await nextTask()
    // Taken over: the very same elements, now live.
    expect(['first', 'between', 'second'].map((id) => document.getElementById(id))).toEqual(drawn)
    document.querySelector<HTMLButtonElement>('#second button')!.click()
    await waitFor(() => expect(document.querySelector('#second button')!.textContent).toBe('second 1'))
    expect(document.getElementById('second')).toBe(drawn[2])
  })

  it('has nothing to wait for when no piece waits', async () => {
    await expect(piecesTakenOver()).resolves.toBeUndefined()
  })
})

function Sections() {
  const shown = useStaged(3)
  return (
    <ul aria-label="Sections">
      {['one', 'two', 'three'].slice(0, shown).map((s) => (
        <li key={s}>{s}</li>
      ))}
    </ul>
  )
}

describe('useStaged', () => {
  afterEach(() => endTakeover())

  it('shows one more section per task when the browser draws the part itself', async () => {
    render(<Sections />)
    expect(screen.getAllByRole('listitem')).toHaveLength(1)
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(3))
  })

  it('shows every section at once during a takeover', () => {
    beginTakeover()
    render(<Sections />)
    expect(screen.getAllByRole('listitem')).toHaveLength(3)
  })
})
