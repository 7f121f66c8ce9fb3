import { afterEach, describe, expect, it, vi } from 'vitest'
import { prefetchViewsOnIntent } from './prefetch-views'

function link(href: string) {
  const a = document.createElement('a')
  a.href = href
  a.innerHTML = '<span>Open</span>'
  document.body.append(a)
  return a
}

describe('prefetchViewsOnIntent', () => {
  let stop = () => {}
  afterEach(() => {
    stop()
    document.body.innerHTML = ''
  })

  it('loads the view a link leads to once, when the pointer, a finger or focus comes to it', async () => {
    const load = vi.fn(() => Promise.resolve())
    stop = prefetchViewsOnIntent(load)
    const car = link('/cars/2020-toyota-corolla-ascent-1')
    car.firstElementChild!.dispatchEvent(new Event('pointerover', { bubbles: true }))
    car.dispatchEvent(new Event('touchstart', { bubbles: true }))
    link('/search/used-cars').dispatchEvent(new FocusEvent('focusin', { bubbles: true }))
    expect(load.mock.calls).toEqual([['vehicle'], ['search']])
  })

  it('leaves other sites, unknown paths and other elements alone, and asks again after a failed load', async () => {
    const load = vi.fn(() => Promise.reject(new Error('offline')))
    stop = prefetchViewsOnIntent(load)
    link('https://elsewhere.example/cars/x').dispatchEvent(new Event('pointerover', { bubbles: true }))
    link('/no/such/page/here').dispatchEvent(new Event('pointerover', { bubbles: true }))
    document.body.dispatchEvent(new Event('pointerover', { bubbles: true }))
    expect(load).not.toHaveBeenCalled()
    const finance = link('/finance')
    finance.dispatchEvent(new Event('pointerover', { bubbles: true }))
    await Promise.resolve()
    await Promise.resolve()
    finance.dispatchEvent(new Event('pointerover', { bubbles: true }))
    expect(load.mock.calls).toEqual([['finance'], ['finance']])
    stop()
    finance.dispatchEvent(new Event('pointerover', { bubbles: true }))
    expect(load).toHaveBeenCalledTimes(2)
  })
})
