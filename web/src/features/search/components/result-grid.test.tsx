import { act, render, screen, waitFor } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { hitFixture } from '@/testing/hit-fixture'
import type { SearchPromoCard } from '../api/get-search'
import { ResultGrid, type Hit } from './result-grid'

const hits = Array.from({ length: 10 }, (_, i) => hitFixture({ id: i + 1, name: `Car ${i + 1}` }))
const promo: SearchPromoCard = { position: 3, random_offset: 2, title: 'Finance in minutes', text: 'Pre-approval', href: '/finance', image: '/img/promo/f.jpg' }
const cards = { Card: ({ hit }: { hit: Hit }) => <span>{hit.name}</span>, Skeleton: () => null }

function tiles() {
  return [...screen.getByRole('list', { name: 'Search results' }).children].map((li) => li.textContent)
}

// Each test has its own promo: a drawn offset lasts the visit (the module).
function grid(p: SearchPromoCard) {
  return (
    <MemoryRouter>
      <ResultGrid hits={hits} promos={[p]} cardsPerRow={3} cards={cards} busy={false} />
    </MemoryRouter>
  )
}

function draw(p: SearchPromoCard) {
  render(grid(p))
}

describe('promo offset drawn once per visit (docs/behaviour/constants.md)', () => {
  afterEach(() => {
    vi.restoreAllMocks()
    window.sessionStorage.clear()
  })

  it('a page the browser draws places the promo at its random offset', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.99)
    draw(promo)
    expect(tiles()[4]).toContain('Finance in minutes')
    expect(tiles()).toHaveLength(11)
  })

  it('a promo the server drew on the first screen keeps that place through the takeover, for the visit', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.99)
    const p = { ...promo, href: '/finance-enquiry' }
    const container = document.body.appendChild(document.createElement('div'))
    container.innerHTML = renderToString(grid(p))
    // The server's page: the first six tiles, the promo at its own place.
    expect(tiles()).toHaveLength(6)
    expect(tiles()[2]).toContain('Finance in minutes')
    const errors = vi.spyOn(console, 'error')
    const root = await act(async () => hydrateRoot(container, grid(p)))
    // The rest follow a few at a time.
    await waitFor(() => expect(tiles()).toHaveLength(11))
    expect(tiles()[2]).toContain('Finance in minutes')
    expect(Object.entries(window.sessionStorage).filter(([k]) => k.startsWith('promo-offset:')).map(([, v]) => v)).toEqual(['0'])
    expect(errors).not.toHaveBeenCalled()
    act(() => root.unmount())
    container.remove()
  })
})

describe('the rest of a drawn page follows as the visitor nears it (docs/behaviour/screens.md#results-reveal)', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    window.sessionStorage.clear()
  })

  it('keeps the first screen until the last of its cards comes near, then shows every card', async () => {
    const watched: Element[] = []
    let report: ((entries: { isIntersecting: boolean }[]) => void) | undefined
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(cb: (entries: { isIntersecting: boolean }[]) => void) {
          report = cb
        }
        observe(el: Element) {
          watched.push(el)
        }
        disconnect() {}
      },
    )
    const p = { ...promo, href: '/warranty', position: 9 }
    const container = document.body.appendChild(document.createElement('div'))
    container.innerHTML = renderToString(grid(p))
    const root = await act(async () => hydrateRoot(container, grid(p)))
    await act(async () => new Promise((r) => setTimeout(r, 20)))
    expect(tiles()).toHaveLength(6)
    expect(watched.at(-1)?.textContent).toBe('Car 6')
    act(() => report?.([{ isIntersecting: false }]))
    await act(async () => new Promise((r) => setTimeout(r, 20)))
    expect(tiles()).toHaveLength(6)
    act(() => report?.([{ isIntersecting: true }]))
    await waitFor(() => expect(tiles()).toHaveLength(11))
    act(() => root.unmount())
    container.remove()
  })
})
