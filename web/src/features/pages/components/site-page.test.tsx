import { render, screen } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SiteContext } from '@/lib/site'
import { siteFixture } from '@/testing/site-fixture'
import { SitePage } from './site-page'

afterEach(() => vi.restoreAllMocks())

// A site with two service centres: /service asks which one, a location's
// own service page (its `location` in the pages config) books there.
function site() {
  const s = siteFixture()
  const [main] = s.locations
  const service = (id: number, slug: string, name: string) => ({ ...main!, id, slug, name, primary: false, location_type: 'service' })
  const east = { ...service(4, 'svc-east', 'Test Motors Service East'), phone: '07 5555 0444', manufacturers: ['Ford', 'Nissan'] }
  return {
    ...s,
    locations: [main!, service(2, 'svc-north', 'Test Motors Service North'), service(3, 'svc-south', 'Test Motors Service South'), east],
    pages: [
      { path: '/service', title: 'Book a Service', description: '', component: 'service' as const },
      { path: '/service-north', title: 'Service North', description: '', component: 'service' as const, location: 'svc-north' },
      {
        path: '/service-east',
        title: 'Service East',
        description: '',
        component: 'service' as const,
        location: 'svc-east',
        booking_links: [
          { name: 'East', make: 'Ford', url: 'https://example.test/book/ford' },
          { name: 'East', make: 'Mazda', url: 'https://example.test/book/mazda' },
        ],
      },
    ],
  }
}

function renderAt(path: string) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ html: '', faqs: [], booking_links: [] }))
  const router = createMemoryRouter([{ path, element: <SitePage routePath={path} notFound={<h1>Not found</h1>} /> }], { initialEntries: [path] })
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SiteContext.Provider value={site()}>
        <RouterProvider router={router} />
      </SiteContext.Provider>
    </QueryClientProvider>,
  )
}

describe('service pages (docs/behaviour/screens.md: /service, /service-maroochydore, /service-noosa)', () => {
  it('the general service page asks which service centre', async () => {
    renderAt('/service')
    expect(await screen.findByRole('combobox', { name: /Dealership Location/ })).toBeInTheDocument()
  })
  it("a location's own service page books at that location without asking", async () => {
    renderAt('/service-north')
    await screen.findByRole('heading', { name: 'Service North' })
    await screen.findByRole('button', { name: /submit|book|send/i })
    expect(screen.queryByRole('combobox', { name: /Dealership Location/ })).not.toBeInTheDocument()
  })
  it("a location's page books only the makes it services and shows its own phone", async () => {
    renderAt('/service-east')
    expect(await screen.findByRole('link', { name: /Book a Ford service at East/ })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /Mazda/ })).not.toBeInTheDocument()
    expect(screen.getAllByText(/07 5555 0444/).length).toBeGreaterThan(0)
    expect(screen.queryByText(site().phones.main)).not.toBeInTheDocument()
  })
})
