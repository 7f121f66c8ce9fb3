import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { hitFixture } from '@/testing/hit-fixture'
import type { Hit } from '@/components/car-card'
import { compareLimit, toggleListCar, type SavedCar } from '@/lib/saved-cars'
import { renderApp } from '@/testing/render-app'
import { siteFixture } from '@/testing/site-fixture'
import { compareFullMessage } from './compare-tray'

const site = () =>
  siteFixture({
    features: { ...siteFixture().features, compare: true },
    pages: [...(siteFixture().pages ?? []), { path: '/compare', title: 'Compare Cars', description: '', component: 'compare' }],
  })

const cars: Hit[] = [
  hitFixture({ id: 11, year: 2021, make: 'Toyota', model: 'Corolla', badge: 'Ascent', km: 10000, seats: 5, simple_fuel: 'Petrol', standardEquipment: ['Bluetooth'] }),
  hitFixture({ id: 12, year: 2020, make: 'Mazda', model: '3', badge: 'G20', km: 20000, seats: 5, simple_fuel: 'Petrol', standardEquipment: ['Bluetooth', 'Sunroof'] }),
  hitFixture({ id: 13, year: 2019, make: 'Kia', model: 'Cerato', badge: 'S', km: 30000, seats: 5, simple_fuel: 'Petrol', standardEquipment: ['Bluetooth'] }),
]
const caravans: Hit[] = [
  hitFixture({ id: 21, year: 2024, make: 'Jayco', model: 'Journey', badge: '19.61-3', km: 0, item_type: 'caravan', standardEquipment: ['Solar'] }),
  hitFixture({ id: 22, year: 2023, make: 'Lotus', model: 'Trooper', badge: "18'6", km: 0, item_type: 'caravan', standardEquipment: ['Solar'] }),
]

const saved = (c: Hit): SavedCar => ({ id: c.id, name: `${c.year} ${c.make} ${c.model}`, slug: c.slug, make: c.make, model: c.model, primary_image_url: '' })

let asked: string[] = []
beforeEach(() => {
  window.localStorage.clear()
  asked = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://test-motors.localhost')
    if (url.pathname === '/api/cars') {
      asked.push(url.searchParams.get('ids') ?? '')
      const ids = (url.searchParams.get('ids') ?? '').split(',').map(Number)
      const all = [...cars, ...caravans]
      return Response.json({ cars: all.filter((c) => ids.includes(c.id)), missing: ids.filter((id) => !all.some((c) => c.id === id)) })
    }
    return new Response(null, { status: 204 })
  })
})
afterEach(() => vi.restoreAllMocks())

beforeAll(async () => {
  await import('@/app/routes/compare')
}, 30_000)

describe('/compare', () => {
  it('shows the cars the URL names side by side, marking the rows that differ', async () => {
    await renderApp('/compare?ids=11,12,99', site())
    const table = await screen.findByRole('table')
    expect(asked).toEqual(['11,12,99'])
    const heads = within(table).getAllByRole('columnheader')
    expect(heads).toHaveLength(3)
    expect(within(heads[0]!).getByRole('link', { name: '2021 Toyota Corolla Ascent' })).toHaveAttribute('href', `/cars/${cars[0]!.slug}`)
    expect(within(heads[1]!).getByRole('img', { name: '2020 Mazda 3 G20' })).toBeInTheDocument()
    // An id the site no longer shows gets its own column that says so.
    expect(within(heads[2]!).getByText('This car is no longer available.')).toBeInTheDocument()

    const rowOf = (label: string) => within(table).getByRole('rowheader', { name: new RegExp(`^${label}`) }).closest('tr')!
    expect(rowOf('Kilometres')).toHaveAttribute('data-differs', 'true')
    expect(within(rowOf('Kilometres')).getByText('Differs')).toBeInTheDocument()
    expect(rowOf('Seats')).not.toHaveAttribute('data-differs')
    expect(rowOf('Fuel')).not.toHaveAttribute('data-differs')
    // Features: one row per feature, a tick or a dash per car.
    expect(within(table).getByRole('rowheader', { name: 'Features' })).toBeInTheDocument()
    expect(rowOf('Bluetooth')).not.toHaveAttribute('data-differs')
    expect(within(rowOf('Bluetooth')).getAllByText('Yes')).toHaveLength(2)
    expect(rowOf('Sunroof')).toHaveAttribute('data-differs', 'true')
    expect([...rowOf('Sunroof').querySelectorAll('[data-tick]')].map((t) => t.getAttribute('data-tick'))).toEqual(['no', 'yes'])

    await userEvent.click(screen.getByRole('checkbox', { name: 'Show only differences' }))
    expect(within(table).queryByRole('rowheader', { name: /^Seats/ })).toBeNull()
    expect(within(table).getByRole('rowheader', { name: /^Kilometres/ })).toBeInTheDocument()
  })

  it('compares caravans without kilometres, gearbox, fuel or engine', async () => {
    await renderApp('/compare?ids=21,22', site())
    const table = await screen.findByRole('table')
    expect(within(table).getByRole('rowheader', { name: /^Year/ })).toBeInTheDocument()
    for (const label of ['Kilometres', 'Transmission', 'Fuel', 'Engine']) expect(within(table).queryByRole('rowheader', { name: new RegExp(`^${label}`) })).toBeNull()
  })

  it('without ids it compares the visitor’s own list, and remove takes a car out', async () => {
    act(() => {
      for (const c of cars) toggleListCar('compare', saved(c))
    })
    await renderApp('/compare', site())
    const table = await screen.findByRole('table')
    expect(asked).toEqual(['11,12,13'])
    expect(within(table).getAllByRole('columnheader')).toHaveLength(3)
    await userEvent.click(within(table).getByRole('button', { name: 'Remove 2020 Mazda 3 G20 from compare' }))
    expect(JSON.parse(window.localStorage.getItem('forecourt:compare')!).map((c: SavedCar) => c.id)).toEqual([11, 13])
    await vi.waitFor(() => expect(within(table).getAllByRole('columnheader')).toHaveLength(2))
  })

  it('an empty list links to the search', async () => {
    await renderApp('/compare', site())
    expect(await screen.findByRole('heading', { name: 'No cars to compare yet' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Browse cars' })).toHaveAttribute('href', site().search.default_path)
    expect(asked).toEqual([])
  })
})

describe('compare list', () => {
  it('holds 4 cars; a fifth is refused and the compare bar names the limit', async () => {
    await renderApp('/', site())
    const extra = [14, 15].map((id) => saved(hitFixture({ id })))
    act(() => {
      for (const c of [...cars.map(saved), extra[0]!]) expect(toggleListCar('compare', c)).toBe('added')
    })
    const bar = await screen.findByRole('complementary', { name: 'Compare list' })
    expect(within(bar).getByRole('link', { name: `Compare (${compareLimit})` })).toHaveAttribute('href', '/compare?ids=11,12,13,14')
    let result = ''
    act(() => {
      result = toggleListCar('compare', extra[1]!)
    })
    expect(result).toBe('full')
    expect(within(bar).getByRole('status')).toHaveTextContent(compareFullMessage)
    expect(compareFullMessage).toMatch(/up to 4 cars/)
    expect(JSON.parse(window.localStorage.getItem('forecourt:compare')!)).toHaveLength(4)
    // Taking one out makes room again, and the bar can be hidden.
    act(() => {
      expect(toggleListCar('compare', extra[0]!)).toBe('removed')
      expect(toggleListCar('compare', extra[1]!)).toBe('added')
    })
    await userEvent.click(within(bar).getByRole('button', { name: 'Hide the compare bar' }))
    expect(screen.queryByRole('complementary', { name: 'Compare list' })).toBeNull()
  })

  it('shows no compare bar where the site does not offer /compare', async () => {
    act(() => {
      toggleListCar('compare', saved(cars[0]!))
    })
    await renderApp('/', siteFixture({ features: { ...siteFixture().features, compare: true } }))
    expect(screen.queryByRole('complementary', { name: 'Compare list' })).toBeNull()
  })
})
