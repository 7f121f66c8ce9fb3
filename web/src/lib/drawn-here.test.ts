import { describe, expect, it } from 'vitest'
import { drawnHere } from './drawn-here'

describe('drawnHere', () => {
  const here = { pathname: '/search/used-cars', search: '' }

  it('takes over a page drawn for the address shown', () => {
    expect(drawnHere('https://dealer.example/search/used-cars', here)).toBe(true)
    expect(drawnHere('https://dealer.example/search/used-cars#top', here)).toBe(true)
  })

  it('refuses a page drawn for another entry of the visit', () => {
    expect(drawnHere('https://dealer.example/search/used-cars/toyota', here)).toBe(false)
    expect(drawnHere('https://dealer.example/search/used-cars?range%5Bprice%5D=5000%3A40000', here)).toBe(false)
  })

  it('takes the page over when the browser does not say where it came from', () => {
    expect(drawnHere(undefined, here)).toBe(true)
    expect(drawnHere('not an address', here)).toBe(true)
  })
})
