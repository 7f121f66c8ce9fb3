import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, expect, it, vi } from 'vitest'
import type { CarDetail } from '@/lib/api'
import { SiteContext } from '@/lib/site'
import { siteFixture } from '@/testing/site-fixture'
import { carFixture } from '@/testing/car-fixture'
import { VehiclePage } from './vehicle-page'

afterEach(() => {
  vi.restoreAllMocks()
  window.localStorage.clear()
})

// renderPage draws the car's page on a site with or without
// features.car_identity, the server answering with car.
async function renderPage(car: CarDetail, carIdentity: boolean, track = vi.fn()) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const p = new URL(String(input), 'http://x.localhost').pathname
    const body = p.endsWith('/view.json') ? { views: 1, car_fields: {} } : p.endsWith('/similar') ? { hits: [] } : { car }
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })
  })
  const s = siteFixture()
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SiteContext.Provider value={{ ...s, features: { ...s.features, car_identity: carIdentity } }}>
        <MemoryRouter>
          <VehiclePage slug={car.slug} slots={{ track }} />
        </MemoryRouter>
      </SiteContext.Provider>
    </QueryClientProvider>,
  )
  await screen.findByRole('heading', { level: 1 })
  return track
}

const identified = carFixture({ vin: 'JTMHD7HMYZV100475', regplate: '123ABC', regoState: 'QLD', rego_expiry: '2027-05-04' })

// docs/behaviour/screens.md#car-identity: the VIN, rego and rego expiry
// show where the site allows them and the feed gives them.
it('shows the VIN, rego and rego expiry on a site that shows them', async () => {
  await renderPage(identified, true)
  const section = screen.getByRole('region', { name: 'Identity and Registration' })
  const rows = within(section)
  expect(rows.getByText('VIN').nextSibling).toHaveTextContent('JTMHD7HMYZV100475')
  expect(rows.getByText('Rego').nextSibling).toHaveTextContent('123ABC (QLD)')
  expect(rows.getByText('Rego Expiry').nextSibling).toHaveTextContent('4 May 2027')
})

it('shows only what the feed gives', async () => {
  await renderPage(carFixture({ vin: 'JTMHD7HMYZV100475', regplate: '', rego_expiry: '' }), true)
  const section = screen.getByRole('region', { name: 'Identity and Registration' })
  expect(within(section).getByText('JTMHD7HMYZV100475')).toBeInTheDocument()
  expect(within(section).queryByText('Rego')).toBeNull()
  expect(within(section).queryByText('Rego Expiry')).toBeNull()
})

it('shows none of them on a site that does not', async () => {
  await renderPage(identified, false)
  expect(screen.queryByRole('region', { name: 'Identity and Registration' })).toBeNull()
  for (const text of ['JTMHD7HMYZV100475', /123ABC/, /4 May 2027/, 'VIN', 'Rego Expiry']) {
    expect(screen.queryByText(text)).toBeNull()
  }
})

it('shows no section for a car without them', async () => {
  await renderPage(carFixture({ vin: '', regplate: '', rego_expiry: '' }), true)
  expect(screen.queryByRole('region', { name: 'Identity and Registration' })).toBeNull()
})

// docs/behaviour/calls.md#analytics-events: 60 history report.
it('opens the history report in a tab of its own and fires event 60', async () => {
  const file = `/api/cars/${identified.slug}/history-report.pdf`
  const track = await renderPage({ ...identified, file }, false)
  // The test's document does not navigate.
  const stay = (e: Event) => e.preventDefault()
  document.addEventListener('click', stay)
  try {
    const link = screen.getByRole('link', { name: 'History Report' })
    expect(link).toHaveAttribute('href', file)
    expect(link).toHaveAttribute('target', '_blank')
    expect(track).not.toHaveBeenCalledWith(60, expect.anything())
    await userEvent.setup().click(link)
    expect(track).toHaveBeenCalledWith(60, expect.objectContaining({ id: identified.id }))
  } finally {
    document.removeEventListener('click', stay)
  }
})

it('has no history report link for a car without a file', async () => {
  await renderPage({ ...identified, file: '' }, true)
  expect(screen.queryByRole('link', { name: 'History Report' })).toBeNull()
})
