import { render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { SiteContext } from '@/lib/site'
import { siteFixture } from '@/testing/site-fixture'
import { OffersList } from './offers-list'

function renderOffers(offers: ReturnType<typeof siteFixture>['offers']) {
  const router = createMemoryRouter([{ path: '/special-offers', element: <OffersList /> }], { initialEntries: ['/special-offers'] })
  render(
    <SiteContext.Provider value={siteFixture({ offers })}>
      <RouterProvider router={router} />
    </SiteContext.Provider>,
  )
}

describe('OffersList', () => {
  it('with no current offer, shows the general no-results state in its catalogue words', () => {
    renderOffers([{ title: 'Gone', text: '', start: '2020-01-01', expiry: '2020-02-01', href: '', image: '' }])
    expect(screen.getByRole('heading', { name: 'No Results Available' })).toBeInTheDocument()
    expect(screen.getByText('There appears to be no offers currently available that meet the conditions of your search')).toBeInTheDocument()
    expect(screen.queryByText(/Gone/)).toBeNull()
  })

  it('lists a current offer', () => {
    renderOffers([{ title: 'Service special', text: 'Half price', start: '2020-01-01', expiry: '2099-12-31', href: '/service', image: '' }])
    expect(screen.getByRole('heading', { name: 'Service special' })).toBeInTheDocument()
    expect(screen.queryByText('No Results Available')).toBeNull()
  })
})
