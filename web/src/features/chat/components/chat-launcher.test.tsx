import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SiteContext } from '@/lib/site'
import type { Site } from '@/lib/api'
import { siteFixture } from '@/testing/site-fixture'
import type { CarSummary } from '@/features/leads/lib/kinds'
import { ChatMount, openChat } from '..'
import { resetChatForTests } from '../lib/store'

type Call = { url: string; body: Record<string, unknown> }
let calls: Call[]

beforeEach(() => {
  window.localStorage.clear()
  resetChatForTests()
  calls = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    const url = String(input)
    calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : {} })
    if (url.startsWith('/api/leads')) return new Response(JSON.stringify({ lead_id: 'L-9' }), { status: 201, headers: { 'Content-Type': 'application/json' } })
    return new Response(null, { status: 204 })
  })
})
afterEach(() => vi.restoreAllMocks())

function chatSite(chat_state?: 'hidden' | 'shown' | 'opened', chat = true): Site {
  const base = siteFixture()
  return { ...base, features: { ...base.features, chat, ...(chat_state ? { chat_state } : {}) } }
}

function renderChat(site: Site) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <><button type="button">Instant Message</button><ChatMount /></> },
      { path: '/success', element: <h1>Success page</h1> },
    ],
    { initialEntries: ['/'] },
  )
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SiteContext.Provider value={site}>
        <RouterProvider router={router} />
      </SiteContext.Provider>
    </QueryClientProvider>,
  )
  return router
}

const car: CarSummary = {
  id: 42, slug: 'used-corolla', name: '2020 Toyota Corolla', make: 'Toyota', model: 'Corolla', car_type: 'used',
  status: 'in_stock', stocknum: 'U42', dealership_id: 1, dealership_slug: 'test-motors', location_id: 1,
}

// docs/behaviour/states.md: "A chat widget can be hidden, shown or opened".
describe('chat launcher', () => {
  it('is absent where the site has no chat', async () => {
    renderChat(chatSite('shown', false))
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0))
    })
    expect(screen.queryByRole('button', { name: /chat with us/i })).toBeNull()
  })

  it('shown: the launcher opens a named panel, focus moves in, Escape closes it and focus comes back', async () => {
    const user = userEvent.setup()
    renderChat(chatSite('shown'))
    const launcher = await screen.findByRole('button', { name: /chat with us/i })
    await user.click(launcher)
    // The panel is its own chunk: it arrives a moment after the press.
    const panel = await screen.findByRole('dialog', { name: 'Instant Message' })
    expect(panel.contains(document.activeElement)).toBe(true)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByRole('button', { name: /chat with us/i })).toHaveFocus()
  })

  it('adds no second banner: the panel title bar is no header landmark (docs/behaviour/accessibility.md#landmarks)', async () => {
    const user = userEvent.setup()
    renderChat(chatSite('shown'))
    await user.click(await screen.findByRole('button', { name: /chat with us/i }))
    const panel = await screen.findByRole('dialog', { name: 'Instant Message' })
    expect(panel.querySelector('header')).toBeNull()
  })

  it('opened: the panel is open on arrival without taking focus, and the visitor can minimise it', async () => {
    const user = userEvent.setup()
    renderChat(chatSite('opened'))
    const panel = await screen.findByRole('dialog', { name: 'Instant Message' })
    expect(panel.contains(document.activeElement)).toBe(false)
    await user.click(within(panel).getByRole('button', { name: 'Minimise chat' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByRole('button', { name: /chat with us/i })).toBeInTheDocument()
  })

  // docs/behaviour/roles.md: Instant Message opens the chat about the car; the
  // message arrives as an enquiry with subcategory 'Instant Message'.
  it('hidden: no launcher until Instant Message opens it with the car; sending shows a confirmation in the panel', async () => {
    const user = userEvent.setup()
    const router = renderChat(chatSite('hidden'))
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0))
    })
    expect(screen.queryByRole('button', { name: /chat with us/i })).toBeNull()
    const im = screen.getByRole('button', { name: 'Instant Message' })
    im.focus()
    act(() => openChat(car))
    const panel = await screen.findByRole('dialog', { name: 'Instant Message' })
    expect(within(panel).getByText('2020 Toyota Corolla')).toBeInTheDocument()
    await user.type(await within(panel).findByRole('textbox', { name: /^name/i }), 'Jo Citizen')
    await user.type(within(panel).getByRole('textbox', { name: /email/i }), 'jo@example.com')
    await user.type(within(panel).getByRole('textbox', { name: /phone/i }), '0412 345 678')
    await user.type(within(panel).getByRole('textbox', { name: /message/i }), 'Is it still available?')
    await user.click(within(panel).getByRole('button', { name: 'Send Message' }))
    expect(await within(panel).findByRole('status')).toHaveTextContent('Thanks, your message has been sent.')
    // docs/behaviour/screens.md#focus-kept: focus stays in the panel as the form goes.
    expect(panel).toContainElement(document.activeElement as HTMLElement)
    expect(within(panel).getByRole('status')).toHaveFocus()
    const lead = calls.find((c) => c.url.startsWith('/api/leads'))!.body
    expect(lead).toMatchObject({ category: 'enquiry', subcategory: 'Instant Message', car_id: 42, stock_number: 'U42', message: 'Is it still available?' })
    expect(router.state.location.pathname).toBe('/')
    await user.click(within(panel).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.queryByRole('button', { name: /chat with us/i })).toBeNull()
    await waitFor(() => expect(im).toHaveFocus())
  })
})
