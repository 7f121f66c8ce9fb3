// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { sameSitePath, signInHref } from './redirect'

// docs/behaviour/screens.md#route-sign-in: sign-in returns only to paths on this site;
// a foreign or protocol-relative target is ignored, never followed.
describe('sameSitePath', () => {
  it.each([
    ['/my-garage', '/my-garage'],
    ['/cars/2021-mazda-cx-5?x=1#top', '/cars/2021-mazda-cx-5?x=1#top'],
    ['/', '/'],
  ])('keeps the site path %s', (target, want) => {
    expect(sameSitePath(target)).toBe(want)
  })
  it.each([
    'https://evil.example',
    'https://evil.example/my-garage',
    '//evil.example',
    '//evil.example/path',
    '/\\evil',
    '/\\/evil.example',
    'javascript:alert(1)',
    'my-garage',
    '/\t/evil.example',
    '',
    null,
  ])('ignores %s', (target) => {
    expect(sameSitePath(target)).toBeNull()
  })
})

describe('signInHref', () => {
  it('carries purpose, redirect and back', () => {
    const href = signInHref('watchlist', '/search/used-cars?page=2', '/search/used-cars')
    const u = new URL(href, 'http://x.test')
    expect(u.pathname).toBe('/sign-in')
    expect(u.searchParams.get('type')).toBe('watchlist')
    expect(u.searchParams.get('redirect')).toBe('/search/used-cars?page=2')
    expect(u.searchParams.get('back')).toBe('/search/used-cars')
  })
})
