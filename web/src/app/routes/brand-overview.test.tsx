import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from '@/testing/render-app'
import { siteFixture } from '@/testing/site-fixture'

const models = {
  models: [
    { id: 1, slug: 'cx-5', name: 'CX-5', make: 'Mazda', image_url: '/img/car/1/suv/ffffff/0.jpg', status: '', manufacturer_body: 'SUV', body_path: '/models?body=suv', listing_path: '/search/new-cars/mazda/cx-5', path: '/models/cx-5', brand_path: '/mazda/overview', short_description: '', from_price: 0 },
    { id: 2, slug: 'sportage', name: 'Sportage', make: 'Kia', image_url: '/img/car/2/suv/ffffff/0.jpg', status: '', manufacturer_body: 'SUV', body_path: '/models?body=suv', listing_path: '/search/new-cars/kia/sportage', path: '/models/sportage', brand_path: '/kia/overview', short_description: '', from_price: 0 },
  ],
}

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://test.local')
    if (url.pathname === '/api/models') return Response.json(models)
    return Response.json({ error: { code: 'not_found', message: 'No such API endpoint.' } }, { status: 404 })
  })
})
afterEach(() => vi.restoreAllMocks())

function site() {
  const base = siteFixture()
  return siteFixture({
    wording: { ...base.wording, brand_descriptions: { Mazda: 'Every Mazda is ready to drive at Test Motors.' } },
    pages: [...(base.pages ?? []), { path: '/:brand/overview', title: 'Brand Overview', description: '', component: 'brands' }],
  })
}

describe('/{brand}/overview', () => {
  it("opens with the dealer's paragraph about the make", async () => {
    await renderApp('/mazda/overview', site())
    const main = screen.getByRole('main')
    expect(await within(main).findByRole('heading', { level: 1, name: 'Mazda Overview' })).toBeInTheDocument()
    expect(within(main).getByText('Every Mazda is ready to drive at Test Motors.')).toBeInTheDocument()
  })

  it('shows no paragraph for a make the dealer wrote none for', async () => {
    await renderApp('/kia/overview', site())
    const main = screen.getByRole('main')
    expect(await within(main).findByRole('heading', { level: 1, name: 'Kia Overview' })).toBeInTheDocument()
    expect(within(main).queryByText(/ready to drive/)).toBeNull()
  })
})
