import { describe, expect, it } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { ColourViewer } from './colour-viewer'
import { Variants } from './variants'
import type { ModelColour, ModelDetail, ModelVariant } from '../lib/rules'

function variant(id: number, name: string, features = 3): ModelVariant {
  return {
    id, name, full_name: `Toyota HiLux ${name}`, series: 'GUN126R', image: { url: `/img/car/${id}/ute/ffffff/0.jpg` },
    features: Array.from({ length: features }, (_, i) => `<p>Feature ${i + 1}</p>`), dap_min_price: 40990 + id, dap_max_price: 42990 + id,
  }
}

function model(variants: ModelVariant[], colours: ModelColour[] = []): ModelDetail {
  return {
    id: 1, slug: 'hilux', name: 'HiLux', make: 'Toyota', image_url: '', status: '', manufacturer_body: 'Ute', body_path: '/models?body=ute',
    listing_path: '/search/new-cars/toyota/hilux', path: '/models/hilux', brand_path: '/toyota/overview', short_description: '', from_price: 0,
    model_variants: variants, colours, frames: [],
  }
}

const names = ['Zircon', 'Attitude Black', 'Eclipse', 'Crystal Pearl', 'Oxide Bronze', 'Glacier White']
function colours(variantName: string, base: number): ModelColour[] {
  return names.map((n, i) => ({
    id: base + i, name: n, photo_url: `/img/car/${base}/ute/000000/0.jpg`, hexCode: '#000000',
    // Crystal Pearl has no oem_id: it goes last (docs/behaviour/states.md).
    oem_id: n === 'Crystal Pearl' ? '' : `0${i}`, model_variant_name: variantName,
  }))
}

const wrap = (ui: React.ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>)

describe('colour viewer (docs/behaviour/states.md#model-colour-viewer)', () => {
  const vs = [variant(1, 'SR Dual Cab'), variant(2, 'SR5 Extra Cab'), variant(3, 'WorkMate Single Cab')]
  // Listed out of order: the viewer follows the variants list.
  const all = [...colours('WorkMate Single Cab', 300), ...colours('SR5 Extra Cab', 200), ...colours('SR Dual Cab', 100)]

  it('groups 18 colours of 3 body types by body type, wraps its arrows and resets the colour on a new variant', async () => {
    const user = userEvent.setup()
    wrap(<ColourViewer model={model(vs, all)} />)
    const bodies = screen.getByRole('group', { name: 'Body type' })
    expect(within(bodies).getAllByRole('button').map((b) => b.textContent)).toEqual(['Dual Cab', 'Extra Cab', 'Single Cab'])
    const variantsRow = screen.getByRole('group', { name: 'Variant' })
    expect(within(variantsRow).getAllByRole('button').map((b) => b.textContent)).toEqual(['SR Dual Cab'])
    const current = () => screen.getByTestId('colour-name').querySelector('span')?.textContent
    // Sorted by name, the colour without oem_id last.
    expect(current()).toBe('Attitude Black')
    await user.click(screen.getByRole('button', { name: 'Previous colour' }))
    expect(current()).toBe('Crystal Pearl')
    await user.click(screen.getByRole('button', { name: 'Next colour' }))
    expect(current()).toBe('Attitude Black')
    await user.click(screen.getByRole('button', { name: 'Next colour' }))
    expect(current()).toBe('Eclipse')
    await user.click(within(bodies).getByRole('button', { name: 'Extra Cab' }))
    expect(within(variantsRow).getByRole('button', { name: 'SR5 Extra Cab' })).toHaveAttribute('aria-pressed', 'true')
    expect(current()).toBe('Attitude Black')
    expect(screen.getByTestId('colour-name')).toHaveTextContent('1 of 6 colours for SR5 Extra Cab')
  })

  it('has no body-type row with 15 colours or fewer, and picking a variant resets the colour', async () => {
    const user = userEvent.setup()
    wrap(<ColourViewer model={model(vs.slice(0, 2), [...colours('SR Dual Cab', 100), ...colours('SR5 Extra Cab', 200)])} />)
    expect(screen.queryByRole('group', { name: 'Body type' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Glacier White' }))
    expect(screen.getByRole('button', { name: 'Glacier White' })).toHaveAttribute('aria-pressed', 'true')
    await user.click(screen.getByRole('button', { name: 'SR5 Extra Cab' }))
    expect(screen.getByTestId('colour-name')).toHaveTextContent('Attitude Black1 of 6 colours for SR5 Extra Cab')
  })
})

describe('variants (docs/behaviour/screens.md#model-pages)', () => {
  it("asks for the variant's and the colour's picture at the width they show", () => {
    wrap(
      <>
        <Variants model={model([variant(1, 'Workmate')])} />
        <ColourViewer model={model([variant(1, 'Workmate')], colours('Workmate', 100))} />
      </>,
    )
    const [card, colour] = document.querySelectorAll('img')
    expect(card).toHaveAttribute('srcset', expect.stringContaining('/img/car/1/ute/ffffff/0.jpg?w=300&q=75 300w'))
    expect(card).toHaveAttribute('sizes')
    expect(colour).toHaveAttribute('srcset', expect.stringContaining('/img/car/100/ute/000000/0.jpg?w=400&q=75 400w'))
    expect(colour).toHaveAttribute('sizes', '(min-width: 1024px) 60vw, 100vw')
    for (const img of [card!, colour!]) {
      // 3:2 reserved before the picture arrives
      expect(Number(img.getAttribute('width')) * 2).toBe(Number(img.getAttribute('height')) * 3)
      expect(img).toHaveAttribute('loading', 'lazy')
      expect(img).toHaveAttribute('decoding', 'async')
    }
  })

  it('one variant reads "{model} Features" in a row; its features show 8, then view more/less', async () => {
    const user = userEvent.setup()
    wrap(<Variants model={model([variant(1, 'Workmate', 11)])} />)
    expect(screen.getByRole('heading', { name: 'HiLux Features' })).toBeInTheDocument()
    expect(screen.getByTestId('variant-rows')).toBeInTheDocument()
    const card = screen.getByRole('article', { name: 'Toyota HiLux Workmate' })
    expect(within(card).getAllByRole('listitem')).toHaveLength(8)
    await user.click(within(card).getByRole('button', { name: 'View more' }))
    expect(within(card).getAllByRole('listitem')).toHaveLength(11)
    await user.click(within(card).getByRole('button', { name: 'View less' }))
    expect(within(card).getAllByRole('listitem')).toHaveLength(8)
    expect(within(card).getByRole('link', { name: /Order Now/ })).toHaveAttribute(
      'href',
      '/models/order-now?model_id=hilux&model_name=HiLux&vehicle=Toyota%20HiLux%20Workmate',
    )
  })

  it.each([
    [2, false, false],
    [3, true, false],
    [4, true, true],
  ])('%i variants: slider %s, arrows %s, and the choose heading', (n, slider, arrows) => {
    wrap(<Variants model={model(Array.from({ length: n }, (_, i) => variant(i + 1, `V${i + 1}`)))} />)
    expect(screen.getByRole('heading', { name: 'Which HiLux will you choose?' })).toBeInTheDocument()
    expect(screen.queryByTestId('variant-slider') !== null).toBe(slider)
    expect(screen.queryByRole('button', { name: 'Next variants' }) !== null).toBe(arrows)
  })
})

describe('variant carousel (docs/behaviour/accessibility.md#carousels)', () => {
  it('is a named region described as a carousel, its slides named groups', () => {
    wrap(<Variants model={model(Array.from({ length: 3 }, (_, i) => variant(i + 1, `V${i + 1}`)))} />)
    const carousel = screen.getByRole('region', { name: 'Variants' })
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel')
    expect(within(carousel).getAllByRole('group', { name: /of 3$/ })).toHaveLength(3)
  })
})

describe('variant prices (docs/behaviour/screens.md#model-prices)', () => {
  it('shows the range of the variant\'s cars in stock, and nothing for a variant with none', () => {
    const none = { ...variant(2, 'SR5 Dual Cab'), dap_min_price: 0, dap_max_price: 0 }
    wrap(<Variants model={model([variant(1, 'SR Dual Cab'), none])} />)
    const withStock = screen.getByText('$40,991 – $42,991')
    expect(withStock.parentElement).toHaveTextContent('$40,991 – $42,991*')
    expect(withStock.parentElement).not.toHaveTextContent(/drive away/i)
    expect(screen.queryByText('$0')).toBeNull()
    expect(screen.getAllByText(/\$\d/)).toHaveLength(1)
  })
})
