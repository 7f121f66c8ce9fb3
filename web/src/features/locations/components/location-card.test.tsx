import { describe, expect, it, vi } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter } from 'react-router'
import type { LocationWithHours } from '@/lib/api'
import { SiteContext } from '@/lib/site'
import { siteFixture } from '@/testing/site-fixture'
import { LocationCard } from './location-card'
import { locationsQueryOptions } from '../api/get-locations'

// client answers GET /api/locations from hours, or never when none are given.
function client(hours?: LocationWithHours['contact_detail']['opening_hours']) {
  const c = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  if (hours !== undefined) {
    const [loc] = siteFixture().locations
    if (loc) c.setQueryData(locationsQueryOptions().queryKey, [{ ...loc, contact_detail: { ...loc.contact_detail, opening_hours: hours } }])
  }
  return c
}

// The image service draws only the widths the pages ask for: the map's
// addresses are written out here by hand.
describe('location card map picture', () => {
  const site = siteFixture()
  const wrap = (hero: boolean) =>
    render(
      <QueryClientProvider client={client(null)}>
        <SiteContext.Provider value={site}>
          <MemoryRouter>
            <LocationCard unit={site.locations} hero={hero} />
          </MemoryRouter>
        </SiteContext.Provider>
      </QueryClientProvider>,
    )

  it('is 600 wide in a card and 800 as a hero, with the same srcset', () => {
    const srcset = '/img/map/1.jpg?w=400&q=75 400w, /img/map/1.jpg?w=600&q=75 600w, /img/map/1.jpg?w=800&q=75 800w, /img/map/1.jpg?w=1200&q=75 1200w'
    const { unmount } = wrap(false)
    let map = screen.getByRole('img', { name: /^Map of / })
    expect(map).toHaveAttribute('src', '/img/map/1.jpg?w=600')
    expect(map).toHaveAttribute('srcset', srcset)
    unmount()
    wrap(true)
    map = screen.getByRole('img', { name: /^Map of / })
    expect(map).toHaveAttribute('src', '/img/map/1.jpg?w=800')
    expect(map).toHaveAttribute('srcset', srcset)
  })

  it('is a 150 px band in a card; the hero keeps its 3:2 picture', () => {
    const { unmount } = wrap(false)
    let map = screen.getByRole('img', { name: /^Map of / })
    expect(map).toHaveAttribute('height', '150')
    expect(map).toHaveClass('h-[150px]')
    expect(map.closest('[data-testid="location-card"]')).toHaveAttribute('data-layout', 'card')
    unmount()
    wrap(true)
    map = screen.getByRole('img', { name: /^Map of / })
    expect(map).toHaveAttribute('height', '533')
    expect(map).not.toHaveClass('h-[150px]')
  })
})

// The page's config carries no hours (docs/behaviour/http.md#page-config):
// the card reads them from GET /api/locations.
describe('location card hours', () => {
  const site = siteFixture()
  const wrap = (c: QueryClient) =>
    render(
      <QueryClientProvider client={c}>
        <SiteContext.Provider value={site}>
          <MemoryRouter>
            <LocationCard unit={site.locations} />
          </MemoryRouter>
        </SiteContext.Provider>
      </QueryClientProvider>,
    )

  it("shows the location's hours from the locations answer", () => {
    const open = { status: 'Open', formated_hours: '8:30 am - 5:30 pm', open: '08:30', close: '17:30' }
    const week = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, ...open }))
    wrap(client([...week, { weekday: 6, status: 'Closed', formated_hours: 'Closed' }, { weekday: 0, status: 'Closed', formated_hours: 'Closed' }]))
    const table = screen.getByRole('table', { name: 'Opening Hours' })
    expect(within(table).getByRole('rowheader', { name: 'Mon–Fri' })).toBeInTheDocument()
    expect(within(table).getByText('8:30 am - 5:30 pm')).toBeInTheDocument()
    expect(within(table).getAllByText('Closed')).toHaveLength(2)
  })

  it('says the hours are loading until they arrive, never a closed week', () => {
    wrap(client())
    expect(screen.getByTestId('opening-hours')).toHaveAttribute('aria-busy', 'true')
    expect(screen.getByText('Loading opening hours…')).toBeInTheDocument()
    expect(screen.queryByText('Closed')).toBeNull()
  })

  it('says so when the hours cannot be had', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')))
    wrap(client())
    expect(await screen.findByText('Opening hours could not be loaded. Please call us.')).toBeInTheDocument()
    expect(screen.getByTestId('opening-hours')).toHaveAttribute('aria-busy', 'false')
    vi.unstubAllGlobals()
  })
})
