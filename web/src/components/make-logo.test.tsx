import { describe, expect, it } from 'vitest'
import { fireEvent, render } from '@testing-library/react'
import { MakeLogo, makeLogoSlug, makeMonogram } from './make-logo'

describe('MakeLogo', () => {
  it('names every make by an address the image service draws', () => {
    // The image service draws /img/make/{slug}.png for a slug of a-z, 0-9 and hyphens.
    const cases: [string, string][] = [
      ['Toyota', 'toyota'],
      ['Land Rover', 'land-rover'],
      ['Mercedes-AMG', 'mercedes-amg'],
      ['Austin-Healey', 'austin-healey'],
      ['Rolls-Royce', 'rolls-royce'],
      ['Citroën', 'citro-n'],
      ['A & B Motors', 'a-b-motors'],
    ]
    for (const [make, slug] of cases) {
      expect(makeLogoSlug(make)).toBe(slug)
    }
  })

  it('asks for the make logo at twice its size', () => {
    const { container } = render(<MakeLogo make="Alfa Romeo" size={40} />)
    expect(container.querySelector('img')).toHaveAttribute('src', '/img/make/alfa-romeo.png?w=160')
  })

  it('shows a monogram tile, never a broken image, when the picture does not load', () => {
    const { container } = render(<MakeLogo make="Alfa Romeo" size={40} />)
    fireEvent.error(container.querySelector('img')!)
    expect(container.querySelector('img')).toBeNull()
    const tile = container.querySelector('[data-fallback="monogram"]')
    expect(tile).toHaveTextContent(/^AR$/)
    expect(tile).toHaveStyle({ width: '40px', height: '40px' })
  })

  it('draws initials, at most three', () => {
    expect(makeMonogram('Mercedes-AMG')).toBe('MA')
    expect(makeMonogram('Great Wall')).toBe('GW')
    expect(makeMonogram('Kia')).toBe('K')
    expect(makeMonogram('A B C D')).toBe('ABC')
  })
})
