import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { renderApp } from '@/testing/render-app'

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(
    async () => new Response(JSON.stringify({ error: { code: 'not_found', message: 'No such API endpoint.' } }), { status: 404, headers: { 'Content-Type': 'application/json' } }),
  )
})
afterEach(() => vi.restoreAllMocks())

// docs/behaviour/screens.md#focus-after-navigation
it('focuses the new page and says its title, but not on the first load, a query change or back', async () => {
  const { router } = await renderApp('/about-us')
  const announcer = screen.getByTestId('page-announcer')
  await screen.findByRole('heading', { level: 1 })
  // The first load leaves focus where the browser puts it.
  expect(document.body).toHaveFocus()
  expect(announcer).toBeEmptyDOMElement()

  await act(() => router.navigate('/contact'))
  const heading = await screen.findByRole('heading', { level: 1 })
  await waitFor(() => expect(heading).toHaveFocus())
  expect(heading).toHaveAttribute('tabindex', '-1')
  expect(announcer).toHaveTextContent(document.title)
  expect(document.title).not.toBe('')

  // Only the query string: focus stays where the visitor left it.
  const search = document.createElement('button')
  document.body.append(search)
  search.focus()
  await act(() => router.navigate('/contact?category=Service'))
  await act(() => new Promise((r) => requestAnimationFrame(() => r(null))))
  expect(search).toHaveFocus()

  // Back: the page is restored, focus is not moved.
  await act(() => router.navigate(-1))
  await act(() => router.navigate(-1))
  await waitFor(() => expect(router.state.location.pathname).toBe('/about-us'))
  await act(() => new Promise((r) => requestAnimationFrame(() => r(null))))
  expect(search).toHaveFocus()
  search.remove()
})
