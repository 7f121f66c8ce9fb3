import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { SiteContext } from '@/lib/site'
import { siteFixture } from '@/testing/site-fixture'
import { carFixture } from '@/testing/car-fixture'
import { VehiclePage } from './vehicle-page'

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const p = new URL(String(input), 'http://x.localhost').pathname
    if (p.endsWith('/call-reveal')) return new Response(null, { status: 204 })
    const body = p.endsWith('/view.json') ? { views: 1, car_fields: {} } : p.endsWith('/similar') ? { hits: [] } : { car: carFixture() }
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })
  })
})
afterEach(() => vi.restoreAllMocks())

// docs/behaviour/screens.md#focus-kept: the number takes the focus of the
// button it replaces, never the page.
it('moves focus from Show number to the number it shows', async () => {
  const user = userEvent.setup()
  const s = siteFixture()
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SiteContext.Provider value={{ ...s, features: { ...s.features, reveal_phone: true } }}>
        <MemoryRouter>
          <VehiclePage slug="2021-toyota-hilux-sr5-1" />
        </MemoryRouter>
      </SiteContext.Provider>
    </QueryClientProvider>,
  )
  await screen.findByRole('heading', { level: 1 })
  const [show] = screen.getAllByRole('button', { name: /reveal the dealer's phone number/ })
  show!.focus()
  await user.keyboard('{Enter}')
  const [number] = screen.getAllByRole('link', { name: /^Call the dealer on/ })
  expect(number).toHaveFocus()
})
