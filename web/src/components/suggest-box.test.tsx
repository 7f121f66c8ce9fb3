import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SiteContext } from '@/lib/site'
import { siteFixture } from '@/testing/site-fixture'
import { suggestDebounceMs, useSuggestBox, type Suggestion } from './suggest-box'

const corolla: Suggestion[] = [
  { label: 'Toyota Corolla', path: '/search/used-cars/toyota/corolla', count: 41 },
  { label: 'Toyota Corolla Cross', path: '/search/used-cars/toyota/corolla-cross', count: 7 },
  { label: 'Corolla Ascent Sport', path: '/search/used-cars/toyota/corolla/ascent-sport', count: 1234 },
]

let asked: string[]
const submitted = vi.fn()

function Box() {
  const [text, setText] = useState('')
  const suggest = useSuggestBox<HTMLFormElement>({ text, onClear: () => setText('') })
  const where = useLocation()
  return (
    <>
      <form
        ref={suggest.boxRef}
        role="search"
        onSubmit={(e) => {
          e.preventDefault()
          submitted(text)
        }}
      >
        <input type="search" aria-label="Search stock" value={text} onChange={(e) => setText(e.target.value)} {...suggest.inputProps} />
        {suggest.list}
      </form>
      <p data-testid="where">{where.pathname}</p>
      <button type="button">Elsewhere</button>
    </>
  )
}

function renderBox(site = siteFixture()) {
  const router = createMemoryRouter([{ path: '*', element: <Box /> }], { initialEntries: ['/search/used-cars'] })
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <SiteContext.Provider value={site}>
        <RouterProvider router={router} />
      </SiteContext.Provider>
    </QueryClientProvider>,
  )
  return router
}

beforeEach(() => {
  asked = []
  submitted.mockReset()
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://test.local')
    const q = url.searchParams.get('q') ?? ''
    asked.push(q)
    const body = { suggestions: q.length >= 2 ? corolla : [] }
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })
  })
})

afterEach(() => vi.restoreAllMocks())

const box = () => screen.getByRole('combobox', { name: 'Search stock' })
const options = () => screen.queryAllByRole('option')

async function typeCorol() {
  const user = userEvent.setup()
  renderBox()
  await user.type(box(), 'corol')
  await screen.findByRole('option', { name: 'Toyota Corolla, 41 cars' })
  return user
}

describe('suggestions in a search box', () => {
  it('asks once typing pauses, never under 2 characters', async () => {
    vi.useFakeTimers()
    try {
      renderBox()
      const input = box()
      fireEvent.change(input, { target: { value: 'c' } })
      await act(() => vi.advanceTimersByTimeAsync(suggestDebounceMs * 3))
      expect(asked).toEqual([])
      expect(input).toHaveAttribute('aria-expanded', 'false')
      for (const t of ['co', 'cor', 'coro']) {
        fireEvent.change(input, { target: { value: t } })
        await act(() => vi.advanceTimersByTimeAsync(suggestDebounceMs - 50))
      }
      expect(asked).toEqual([])
      await act(() => vi.advanceTimersByTimeAsync(60))
      expect(asked).toEqual(['coro'])
    } finally {
      vi.useRealTimers()
    }
    fireEvent.input(box())
    await screen.findByRole('option', { name: 'Toyota Corolla, 41 cars' })
  })

  it('is a combobox with a listbox of labelled, counted options and says how many', async () => {
    await typeCorol()
    const input = box()
    const list = screen.getByRole('listbox', { name: 'Suggestions' })
    expect(input).toHaveAttribute('aria-expanded', 'true')
    expect(input).toHaveAttribute('aria-controls', list.id)
    expect(input).toHaveAttribute('aria-autocomplete', 'list')
    expect(input).not.toHaveAttribute('aria-activedescendant')
    expect(options().map((o) => o.getAttribute('aria-label'))).toEqual(['Toyota Corolla, 41 cars', 'Toyota Corolla Cross, 7 cars', 'Corolla Ascent Sport, 1,234 cars'])
    expect(options()[2]).toHaveTextContent('Corolla Ascent Sport1,234 cars')
    expect(options().every((o) => o.getAttribute('aria-selected') === 'false')).toBe(true)
    expect(screen.getByRole('status')).toHaveTextContent('3 suggestions')
  })

  it("counts in the site's own word for its stock", async () => {
    const base = siteFixture()
    renderBox(siteFixture({ wording: { ...base.wording, stock_noun: 'caravan', stock_noun_plural: 'caravans' } }))
    await userEvent.setup().type(box(), 'corol')
    await screen.findByRole('option', { name: 'Toyota Corolla, 41 caravans' })
  })

  it('moves with ArrowDown and ArrowUp, wrapping, and opens the highlighted one on Enter', async () => {
    const user = await typeCorol()
    await user.keyboard('{ArrowDown}')
    expect(options()[0]).toHaveAttribute('aria-selected', 'true')
    expect(box()).toHaveAttribute('aria-activedescendant', options()[0]!.id)
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}')
    expect(options()[0]).toHaveAttribute('aria-selected', 'true')
    await user.keyboard('{ArrowUp}')
    expect(options()[2]).toHaveAttribute('aria-selected', 'true')
    await user.keyboard('{ArrowUp}{ArrowUp}{Enter}')
    expect(screen.getByTestId('where')).toHaveTextContent('/search/used-cars/toyota/corolla')
    expect(submitted).not.toHaveBeenCalled()
    expect(box()).toHaveAttribute('aria-expanded', 'false')
  })

  it('leaves Enter with nothing highlighted to the keyword search', async () => {
    const user = await typeCorol()
    await user.keyboard('{Enter}')
    expect(submitted).toHaveBeenCalledWith('corol')
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/search\/used-cars$/)
    expect(box()).toHaveAttribute('aria-expanded', 'false')
  })

  it('closes on Escape and clears on a second Escape', async () => {
    const user = await typeCorol()
    await user.keyboard('{Escape}')
    expect(box()).toHaveAttribute('aria-expanded', 'false')
    expect(options()).toHaveLength(0)
    expect(box()).toHaveValue('corol')
    await user.keyboard('{Escape}')
    expect(box()).toHaveValue('')
    // ArrowDown opens the list again while it has suggestions.
    await user.type(box(), 'corol')
    await screen.findByRole('option', { name: 'Toyota Corolla, 41 cars' })
    await user.keyboard('{Escape}{ArrowDown}')
    expect(box()).toHaveAttribute('aria-expanded', 'true')
    expect(options()[0]).toHaveAttribute('aria-selected', 'true')
  })

  it('closes on a click outside and opens the clicked suggestion', async () => {
    const user = await typeCorol()
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }))
    expect(box()).toHaveAttribute('aria-expanded', 'false')
    await user.type(box(), 'l')
    await user.click(await screen.findByRole('option', { name: /Toyota Corolla Cross/ }))
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/search/used-cars/toyota/corolla-cross'))
  })
})
