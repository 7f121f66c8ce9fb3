import { render } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { FeatureLinks } from './feature-links'

describe('FeatureLinks', () => {
  it('gives each link the icon of where it leads, whatever its place', () => {
    // A site without an offers page: its first link is the service one.
    const { container } = render(
      <MemoryRouter>
        <FeatureLinks links={[{ label: 'Book Service Online', href: '/service' }, { label: 'Sell Your Car', href: '/sell-my-car' }]} />
      </MemoryRouter>,
    )
    expect(container.querySelector('a[href="/service"] svg.lucide-wrench')).not.toBeNull()
    expect(container.querySelector('a[href="/sell-my-car"] svg.lucide-car-front')).not.toBeNull()
    expect(container.querySelector('svg.lucide-badge-percent')).toBeNull()
    // Two links share the row between them, with no empty third column.
    expect(container.querySelector('ul')?.className).toContain('sm:grid-cols-2')
  })

  it('shows the offers icon on the offers link', () => {
    const { container } = render(
      <MemoryRouter>
        <FeatureLinks
          links={[
            { label: 'Latest Offers', href: '/special-offers' },
            { label: 'Book Service Online', href: '/service' },
            { label: 'Sell Your Car', href: '/sell-my-car' },
          ]}
        />
      </MemoryRouter>,
    )
    expect(container.querySelector('a[href="/special-offers"] svg.lucide-badge-percent')).not.toBeNull()
    expect(container.querySelector('ul')?.className).toContain('sm:grid-cols-3')
  })
})
