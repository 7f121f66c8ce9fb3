import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
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
afterEach(() => {
  vi.restoreAllMocks()
  window.localStorage.clear()
})

// drawCar draws the car page of a site that shows its number on request,
// and waits for its heading.
async function drawCar(track?: (id: number, data: object) => void) {
  const s = siteFixture()
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SiteContext.Provider value={{ ...s, features: { ...s.features, reveal_phone: true } }}>
        <MemoryRouter>
          <VehiclePage slug="2021-toyota-hilux-sr5-1" slots={track ? { track } : undefined} />
        </MemoryRouter>
      </SiteContext.Provider>
    </QueryClientProvider>,
  )
  await screen.findByRole('heading', { level: 1 })
}

// docs/behaviour/calls.md#analytics-events: 4 used car view, 25 call the
// dealer, 39 car favourited.
it('fires the used car view, call the dealer and favourite events', async () => {
  const track = vi.fn()
  const user = userEvent.setup()
  await drawCar(track)
  await waitFor(() => expect(track).toHaveBeenCalledWith(4, expect.objectContaining({ id: 1 })))
  await user.click(screen.getAllByRole('button', { name: /reveal the dealer's phone number/ })[0]!)
  expect(track).toHaveBeenCalledWith(25, expect.objectContaining({ id: 1 }))
  await user.click(screen.getByRole('button', { name: /^Favourite/ }))
  expect(track).toHaveBeenCalledWith(39, expect.objectContaining({ id: 1 }))
  track.mockClear()
  await user.click(screen.getByRole('button', { name: /^Favourite/ }))
  expect(track).not.toHaveBeenCalledWith(39, expect.anything())
})

// docs/behaviour/screens.md#focus-kept: the number takes the focus of the
// button it replaces, never the page.
it('moves focus from Show number to the number it shows', async () => {
  const user = userEvent.setup()
  await drawCar()
  const [show] = screen.getAllByRole('button', { name: /reveal the dealer's phone number/ })
  show!.focus()
  await user.keyboard('{Enter}')
  const [number] = screen.getAllByRole('link', { name: /^Call the dealer on/ })
  expect(number).toHaveFocus()
})
