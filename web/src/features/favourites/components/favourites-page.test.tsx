import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { CarCard } from '@/components/car-card'
import { hitFixture } from '@/testing/hit-fixture'
import { ToastProvider } from '@/components/ui/toast'
import { recordViewedCar, savedCarsKey, toggleListCar, type SavedCar } from '@/lib/saved-cars'
import { SiteContext } from '@/lib/site'
import { renderApp } from '@/testing/render-app'
import { siteFixture } from '@/testing/site-fixture'
import { favouritesTexts } from '@/lib/favourites'

const site = (offered = true) => {
  const base = siteFixture()
  return {
    ...base,
    features: { ...base.features, favourites: true },
    pages: [...(base.pages ?? []), ...(offered ? [{ path: '/favourites', title: 'Favourites', description: '', component: 'favourites' as const }] : [])],
  }
}

const car = (id: number, name: string): SavedCar => ({ id, name, slug: `car-${id}`, make: 'Mazda', model: '3', primary_image_url: '', price_text: '$20,990' })

beforeEach(() => {
  window.localStorage.clear()
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://test-motors.localhost')
    if (url.pathname === '/api/pages') return Response.json({ path: '/favourites', title: 'Favourites', description: '', html: '<p>Kept on this device.</p>', faqs: [] })
    return new Response(null, { status: 204 })
  })
})
afterEach(() => vi.restoreAllMocks())

beforeAll(async () => {
  await import('@/app/routes/favourites')
}, 30_000)

describe('/favourites', () => {
  it('lists the favourites and the viewed cars; remove and clear change the lists and the header count', async () => {
    act(() => {
      toggleListCar('favourites', car(1, '2021 Mazda 3 G20'))
      toggleListCar('favourites', car(2, '2019 Kia Cerato S'))
      recordViewedCar(car(3, '2020 Toyota Corolla Ascent'))
      recordViewedCar(car(1, '2021 Mazda 3 G20'))
    })
    await renderApp('/favourites', site())
    const header = screen.getByRole('banner')
    expect(within(header).getByRole('link', { name: 'Favourites (2)' })).toHaveAttribute('href', '/favourites')

    const favs = await screen.findByRole('region', { name: 'Your favourites' })
    expect(within(favs).getByRole('link', { name: '2021 Mazda 3 G20' })).toHaveAttribute('href', '/cars/car-1')
    expect(within(favs).getAllByRole('listitem')).toHaveLength(2)
    const viewed = screen.getByRole('region', { name: 'Recently viewed' })
    expect(within(viewed).getAllByRole('link').map((a) => a.textContent)).toEqual(['2021 Mazda 3 G20', '2020 Toyota Corolla Ascent'])

    await userEvent.click(within(favs).getByRole('button', { name: 'Remove 2021 Mazda 3 G20 from favourites' }))
    expect(within(favs).getAllByRole('listitem')).toHaveLength(1)
    expect(JSON.parse(window.localStorage.getItem(savedCarsKey('favourites'))!).map((c: SavedCar) => c.id)).toEqual([2])
    expect(within(header).getByRole('link', { name: 'Favourites (1)' })).toBeInTheDocument()

    await userEvent.click(within(viewed).getByRole('button', { name: 'Clear' }))
    expect(screen.queryByRole('region', { name: 'Recently viewed' })).toBeNull()
    expect(JSON.parse(window.localStorage.getItem(savedCarsKey('viewed'))!)).toEqual([])

    await userEvent.click(within(favs).getByRole('button', { name: 'Remove 2019 Kia Cerato S from favourites' }))
    expect(within(favs).getByRole('link', { name: 'Search cars' })).toHaveAttribute('href', '/search')
    expect(within(header).getByRole('link', { name: 'Favourites' })).toBeInTheDocument()
  })

  it('offers no header link where the site has no favourites page', async () => {
    await renderApp('/', site(false))
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: /^Favourites/ })).toBeNull()
  })
})

describe('favourite toast', () => {
  const renderCard = (offered: boolean) =>
    render(
      <SiteContext.Provider value={site(offered)}>
        <MemoryRouter>
          <ToastProvider>
            <CarCard hit={hitFixture({ id: 7, year: 2021, make: 'Mazda', model: '3', badge: 'G20' })} />
          </ToastProvider>
        </MemoryRouter>
      </SiteContext.Provider>,
    )

  it('says the car was saved with a link to the list, then that it was removed', async () => {
    renderCard(true)
    const heart = screen.getByRole('button', { name: /^Save to favourites/ })
    await userEvent.click(heart)
    const toast = screen.getByTestId('toast')
    expect(toast).toHaveTextContent(favouritesTexts.saved)
    expect(within(toast).getByRole('link', { name: 'View List' })).toHaveAttribute('href', '/favourites')
    await userEvent.click(heart)
    expect(screen.getAllByTestId('toast')).toHaveLength(1)
    expect(screen.getByTestId('toast')).toHaveTextContent('Car Removed')
    expect(within(screen.getByTestId('toast')).queryByRole('link')).toBeNull()
  })

  it('explains where favourites live on the first save of the device only', async () => {
    const withWatchlist = site(true)
    render(
      <SiteContext.Provider value={{ ...withWatchlist, features: { ...withWatchlist.features, watchlist: true } }}>
        <MemoryRouter>
          <ToastProvider>
            <CarCard hit={hitFixture({ id: 7, year: 2021, make: 'Mazda', model: '3', badge: 'G20' })} />
          </ToastProvider>
        </MemoryRouter>
      </SiteContext.Provider>,
    )
    const heart = screen.getByRole('button', { name: /^Save to favourites/ })
    expect(heart).toHaveAccessibleDescription('Favourites: saved on this device')
    await userEvent.click(heart)
    expect(screen.getByTestId('toast')).toHaveTextContent(favouritesTexts.firstSavedWatchlist)
    await userEvent.click(heart)
    await userEvent.click(heart)
    expect(screen.getByTestId('toast')).toHaveTextContent(favouritesTexts.saved)
    expect(screen.getByTestId('toast')).not.toHaveTextContent('on this device')
  })

  it('tells a signed-in visitor their watchlist is the one on any device', async () => {
    window.localStorage.setItem('forecourt:signed-in', '1')
    const withWatchlist = site(true)
    render(
      <SiteContext.Provider value={{ ...withWatchlist, features: { ...withWatchlist.features, watchlist: true } }}>
        <MemoryRouter>
          <ToastProvider>
            <CarCard hit={hitFixture({ id: 8, year: 2021, make: 'Mazda', model: '3', badge: 'G20' })} />
          </ToastProvider>
        </MemoryRouter>
      </SiteContext.Provider>,
    )
    await userEvent.click(screen.getByRole('button', { name: /^Save to favourites/ }))
    expect(screen.getByTestId('toast')).toHaveTextContent(favouritesTexts.firstSavedSignedIn)
  })

  it('shows no toast where the site has no favourites page', async () => {
    renderCard(false)
    await userEvent.click(screen.getByRole('button', { name: /^Save to favourites/ }))
    expect(screen.queryByTestId('toast')).toBeNull()
  })
})
