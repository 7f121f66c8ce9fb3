import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { SiteContext } from '@/lib/site'
import { siteFixture } from '@/testing/site-fixture'
import { LocationCard } from './location-card'

// The image service draws only the widths the pages ask for: the map's
// addresses are written out here by hand.
describe('location card map picture', () => {
  const site = siteFixture()
  const wrap = (hero: boolean) =>
    render(
      <SiteContext.Provider value={site}>
        <MemoryRouter>
          <LocationCard unit={site.locations} hero={hero} />
        </MemoryRouter>
      </SiteContext.Provider>,
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
