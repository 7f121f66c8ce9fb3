import { render, screen } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useSite } from '@/lib/site'
import { siteFixture } from '@/testing/site-fixture'
import { readEmbeddedSite } from '../api/get-site'
import { SiteProvider } from './site-provider'

function SiteName() {
  return <p>{useSite().name}</p>
}

function renderProvider(initial: ReturnType<typeof siteFixture> | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <SiteProvider initial={initial}>
        <SiteName />
      </SiteProvider>
    </QueryClientProvider>,
  )
}

describe('site config', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    document.getElementById('site-config')?.remove()
  })

  it('reads the config the server embedded in the page', () => {
    const el = document.createElement('script')
    el.id = 'site-config'
    el.type = 'application/json'
    el.textContent = JSON.stringify(siteFixture({ name: 'Embedded Motors' }))
    document.body.append(el)
    expect(readEmbeddedSite()?.name).toBe('Embedded Motors')
  })

  it('returns null without an embedded config or with a broken one', () => {
    expect(readEmbeddedSite()).toBeNull()
    const el = document.createElement('script')
    el.id = 'site-config'
    el.type = 'application/json'
    el.textContent = '{not json'
    document.body.append(el)
    expect(readEmbeddedSite()).toBeNull()
  })

  it('renders at once with an embedded config, without a request', () => {
    const fetch = vi.fn()
    vi.stubGlobal('fetch', fetch)
    renderProvider(siteFixture({ name: 'Embedded Motors' }))
    expect(screen.getByText('Embedded Motors')).toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('fetches /api/site when the page has no config', async () => {
    const fetch = vi.fn().mockResolvedValue(new Response(JSON.stringify(siteFixture({ name: 'Fetched Motors' })), { status: 200 }))
    vi.stubGlobal('fetch', fetch)
    renderProvider(null)
    expect(await screen.findByText('Fetched Motors')).toBeInTheDocument()
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/site')
  })

  it('offers a retry when the config cannot be loaded', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('{"error":{"code":"internal","message":"Internal error."}}', { status: 500 })))
    renderProvider(null)
    expect(await screen.findByRole('heading', { name: 'This site could not be loaded' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })
})
