import { describe, expect, it } from 'vitest'
import { render } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter } from 'react-router'
import { MakeLogo } from '@/components/make-logo'
import { SiteContext } from '@/lib/site'
import { siteFixture } from '@/testing/site-fixture'
import type { ModelDetail, ModelSummary } from '../lib/rules'
import { ModelCard } from './model-card'
import { ModelPage } from './model-page'

// The image service draws only the widths and qualities the pages ask for:
// each picture's address is written out here by hand.

const summary: ModelSummary = {
  id: 1, slug: 'hilux', name: 'HiLux', make: 'Toyota', image_url: '/img/car/1/ute/ffffff/0.jpg', status: '', manufacturer_body: 'Ute',
  body_path: '/models?body=ute', listing_path: '/search/new-cars/toyota/hilux', path: '/models/hilux', brand_path: '/toyota/overview',
  short_description: '', from_price: 0,
}

function detail(imageUrl: string): ModelDetail {
  return {
    ...summary, image_url: imageUrl, frames: [],
    model_variants: [{
      id: 5, name: 'SR', full_name: 'Toyota HiLux SR', series: 'GUN126R', image: { url: '/img/car/5/ute/ffffff/0.jpg' },
      features: [], dap_min_price: 40990, dap_max_price: 42990,
    }],
    colours: [{ id: 9, name: 'Eclipse', photo_url: '/img/car/9/ute/000000/0.jpg', hexCode: '#000000', oem_id: '01', model_variant_name: 'SR' }],
  }
}

function renderModelPage(model: ModelDetail) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(['model', model.slug], model)
  return render(
    <QueryClientProvider client={client}>
      <SiteContext.Provider value={siteFixture()}>
        <MemoryRouter>
          <ModelPage slug={model.slug} notFound={null} />
        </MemoryRouter>
      </SiteContext.Provider>
    </QueryClientProvider>,
  )
}

describe('model picture addresses', () => {
  it("the model page's hero, variants and colours", () => {
    renderModelPage(detail('/img/car/1/ute/ffffff/0.jpg'))
    const hero = document.querySelector('img[alt="Toyota HiLux"]')
    expect(hero).toHaveAttribute('src', '/img/car/1/ute/ffffff/0.jpg?w=900')
    expect(hero).toHaveAttribute(
      'srcset',
      '/img/car/1/ute/ffffff/0.jpg?w=400&q=75 400w, /img/car/1/ute/ffffff/0.jpg?w=600&q=75 600w, /img/car/1/ute/ffffff/0.jpg?w=800&q=75 800w, /img/car/1/ute/ffffff/0.jpg?w=1000&q=75 1000w, /img/car/1/ute/ffffff/0.jpg?w=1200&q=75 1200w',
    )
    const srcs = [...document.querySelectorAll('img')].map((i) => i.getAttribute('src'))
    expect(srcs).toContain('/img/car/5/ute/ffffff/0.jpg?w=600')
    expect(srcs).toContain('/img/car/9/ute/000000/0.jpg?w=900')
  })

  it("the model page's hero from another site keeps its own two widths", () => {
    renderModelPage(detail('https://cdn.example/hilux.jpg'))
    const hero = document.querySelector('img[alt="Toyota HiLux"]')
    expect(hero).toHaveAttribute('src', 'https://cdn.example/hilux.jpg?w=900')
    expect(hero).toHaveAttribute('srcset', 'https://cdn.example/hilux.jpg?w=600 600w, https://cdn.example/hilux.jpg?w=900 900w')
  })

  it('a model card', () => {
    render(<MemoryRouter><ModelCard model={summary} /></MemoryRouter>)
    expect(document.querySelector('img')).toHaveAttribute('src', '/img/car/1/ute/ffffff/0.jpg?w=600')
  })

  it('a make logo at twice its size, 160 or 320 wide', () => {
    const { unmount } = render(<MakeLogo make="Land Rover" size={64} />)
    expect(document.querySelector('img')).toHaveAttribute('src', '/img/make/land-rover.png?w=160')
    unmount()
    render(<MakeLogo make="Toyota" />)
    expect(document.querySelector('img')).toHaveAttribute('src', '/img/make/toyota.png?w=320')
  })
})
