import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { renderApp } from '@/testing/render-app'

// jsdom has no layout; give the carousel a 1000px viewport and full-width
// slides side by side so embla can compute its snaps as in a browser.
const SLIDE = 1000
const saved: Record<string, PropertyDescriptor | undefined> = {}
function stub(prop: 'offsetWidth' | 'offsetLeft' | 'offsetHeight' | 'offsetTop', get: (el: HTMLElement) => number) {
  saved[prop] = Object.getOwnPropertyDescriptor(HTMLElement.prototype, prop)
  Object.defineProperty(HTMLElement.prototype, prop, { configurable: true, get() { return get(this as HTMLElement) } })
}
beforeAll(() => {
  stub('offsetWidth', (el) => {
    const i = el.dataset.slideIndex
    if (i !== undefined) return SLIDE
    return el.childElementCount > 0 && el.querySelector('[data-slide-index]') ? SLIDE : 0
  })
  stub('offsetLeft', (el) => (el.dataset.slideIndex !== undefined ? Number(el.dataset.slideIndex) * SLIDE : 0))
  stub('offsetHeight', () => 400)
  stub('offsetTop', () => 0)
})
afterAll(() => {
  for (const [k, d] of Object.entries(saved)) if (d) Object.defineProperty(HTMLElement.prototype, k, d)
})

function currentSlide() {
  const carousel = screen.getByRole('region', { name: 'Featured' })
  const slides = within(carousel).getAllByRole('group', { hidden: true })
  return slides.filter((s) => s.getAttribute('aria-current') === 'true').map((s) => s.getAttribute('aria-label'))
}

describe('home banner carousel', () => {
  it('starts on slide index 1 (docs/behaviour/screens.md, route "/")', async () => {
    await renderApp('/')
    await screen.findByRole('region', { name: 'Featured' })
    expect(currentSlide()).toEqual(['2 of 3'])
    expect(screen.getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute('aria-current', 'true')
    // The slide shown first loads its image at once; the others wait.
    const imgs = document.querySelectorAll('[data-slide-index] img')
    expect(imgs[1]).toHaveAttribute('loading', 'eager')
    expect(imgs[1]).toHaveAttribute('fetchpriority', 'high')
    expect(imgs[1]).toHaveAttribute('width')
    expect(imgs[1]).toHaveAttribute('height')
    expect(imgs[0]).toHaveAttribute('loading', 'lazy')
    expect(imgs[2]).toHaveAttribute('loading', 'lazy')
    // Each banner is drawn at the widths the image service is asked for.
    expect(imgs[1]).toHaveAttribute('src', '/img/banner/2/123456.jpg?w=1600')
    expect(imgs[1]).toHaveAttribute('srcset', '/img/banner/2/123456.jpg?w=800 800w, /img/banner/2/123456.jpg?w=1200 1200w, /img/banner/2/123456.jpg?w=1600 1600w')
  })

  it('loops: previous from the first slide goes to the last, next from the last to the first', async () => {
    const user = userEvent.setup()
    await renderApp('/')
    await screen.findByRole('region', { name: 'Featured' })
    const prev = screen.getByRole('button', { name: 'Previous slide' })
    const next = screen.getByRole('button', { name: 'Next slide' })
    await user.click(prev)
    expect(currentSlide()).toEqual(['1 of 3'])
    await user.click(prev)
    expect(currentSlide()).toEqual(['3 of 3'])
    await user.click(next)
    expect(currentSlide()).toEqual(['1 of 3'])
    await act(async () => {})
  })

  it('jumps to a slide from its dot', async () => {
    const user = userEvent.setup()
    await renderApp('/')
    await user.click(await screen.findByRole('button', { name: 'Go to slide 3' }))
    expect(currentSlide()).toEqual(['3 of 3'])
    expect(screen.getByRole('button', { name: 'Go to slide 3' })).toHaveAttribute('aria-current', 'true')
  })

  it('shows the three feature links and a link to the search page', async () => {
    await renderApp('/')
    expect(await screen.findByRole('link', { name: 'Latest Offers' })).toHaveAttribute('href', '/special-offers')
    expect(screen.getByRole('link', { name: 'Book Service Online' })).toHaveAttribute('href', '/service')
    expect(screen.getByRole('link', { name: 'Sell Your Car' })).toHaveAttribute('href', '/sell-my-car')
    expect(screen.getByRole('link', { name: 'Search stock' })).toHaveAttribute('href', '/search/used-cars')
    expect(document.title).toBe('Test Motors | Cars for testers')
  })
})
