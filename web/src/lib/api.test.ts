// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, api, apiFetch } from './api'

function answer(status: number, body: unknown) {
  return vi.fn().mockResolvedValue(
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
  )
}

describe('apiFetch', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('returns the decoded JSON of a 2xx answer', async () => {
    vi.stubGlobal('fetch', answer(200, { lead_id: 'L1' }))
    await expect(apiFetch<{ lead_id: string }>('/api/leads')).resolves.toEqual({ lead_id: 'L1' })
  })

  it('sends a JSON body with its content type', async () => {
    const f = answer(201, { lead_id: 'L2' })
    vi.stubGlobal('fetch', f)
    await apiFetch('/api/leads', { method: 'POST', body: { category: 'enquiry' } })
    const [, init] = f.mock.calls[0] as [string, RequestInit]
    expect(init.body).toBe('{"category":"enquiry"}')
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json')
  })

  it('throws an ApiError carrying code, message and fields (docs/behaviour/http.md#errors)', async () => {
    vi.stubGlobal(
      'fetch',
      answer(422, { error: { code: 'invalid', message: 'Please check the form.', fields: { email: 'Enter a valid email.' } } }),
    )
    const err = await apiFetch('/api/leads').catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({ status: 422, code: 'invalid', message: 'Please check the form.', fields: { email: 'Enter a valid email.' } })
  })

  it('maps a non-JSON failure to a code from its status', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('nope', { status: 404, statusText: 'Not Found' })))
    await expect(apiFetch('/api/cars/x')).rejects.toMatchObject({ code: 'not_found', status: 404 })
  })

  it.each([
    ['unavailable', 503],
    ['forbidden', 403],
    ['unsupported_media_type', 415],
  ] as const)('keeps the server\'s code %s as sent, and gives it to a bare %i too', async (code, status) => {
    const body = JSON.stringify({ error: { code, message: 'Not now.' } })
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(body, { status, headers: { 'Content-Type': 'application/json' } })))
    await expect(apiFetch('/api/leads')).rejects.toMatchObject({ code, status, message: 'Not now.' })
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('', { status })))
    await expect(apiFetch('/api/leads')).rejects.toMatchObject({ code, status })
  })

  it('maps a code it does not know to one from the status', async () => {
    const body = JSON.stringify({ error: { code: 'teapot', message: 'Short and stout.' } })
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(body, { status: 429 })))
    await expect(apiFetch('/api/leads')).rejects.toMatchObject({ code: 'rate_limited', status: 429 })
  })

  it('reports a network failure as an internal ApiError', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')))
    await expect(apiFetch('/api/site')).rejects.toMatchObject({ code: 'internal', status: 0 })
  })
})

describe('api', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('writes the path parameters, URL-encoded, and the query into the address', async () => {
    const f = vi.fn().mockImplementation(async () => new Response('{"car":{"id":1}}', { status: 200 }))
    vi.stubGlobal('fetch', f)
    await api('get', '/api/cars/{slug}', { params: { slug: 'a b/c' } })
    await api('get', '/api/cars', { query: 'ids=1,2' })
    expect(f.mock.calls.map(([url]) => url)).toEqual(['/api/cars/a%20b%2Fc', '/api/cars?ids=1,2'])
    expect((f.mock.calls[0] as [string, RequestInit])[1].method).toBeUndefined()
  })

  it('sends the method the description names, with its body', async () => {
    const f = answer(200, { price_drops: true })
    vi.stubGlobal('fetch', f)
    await expect(api('put', '/api/me/alerts', { body: { price_drops: true } })).resolves.toEqual({ price_drops: true })
    const [url, init] = f.mock.calls[0] as [string, RequestInit]
    expect([url, init.method, init.body]).toEqual(['/api/me/alerts', 'PUT', '{"price_drops":true}'])
  })
})
