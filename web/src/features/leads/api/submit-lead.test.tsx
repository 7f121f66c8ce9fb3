import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, expect, it, vi } from 'vitest'
import { useSubmitLead } from './submit-lead'

afterEach(() => vi.unstubAllGlobals())

const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>

// A key the server already holds for another form (409 conflict) is not
// the end of the lead: it is sent once more under a fresh key.
it('sends the form again under a new key when its key was used for another form', async () => {
  const keys: string[] = []
  const fetch = vi.fn(async (path: string, init: RequestInit) => {
    if (path !== '/api/leads') return new Response(null, { status: 204 })
    keys.push(new Headers(init.headers).get('Idempotency-Key') ?? '')
    if (keys.length === 1) {
      return new Response(JSON.stringify({ error: { code: 'conflict', message: 'This Idempotency-Key was already used for a different form.' } }), { status: 409 })
    }
    return new Response(JSON.stringify({ lead_id: 'lead-2' }), { status: 201 })
  })
  vi.stubGlobal('fetch', fetch)
  const { result } = renderHook(() => useSubmitLead({ kind: 'enquiry', noun: 'enquiry', stay: true }), { wrapper })
  let created: unknown
  await act(async () => {
    created = await result.current.submit({ category: 'general', name: 'Bob', email: 'bob@example.com', phone: '0412345678' } as never)
  })
  expect(created).toEqual({ lead_id: 'lead-2' })
  expect(keys).toHaveLength(2)
  expect(keys[0]).not.toBe('')
  expect(keys[1]).not.toBe(keys[0])
})

it('does not resend on other refusals', async () => {
  const fetch = vi.fn(async () => new Response(JSON.stringify({ error: { code: 'invalid', message: 'Please fix the errors.' } }), { status: 422 }))
  vi.stubGlobal('fetch', fetch)
  const { result } = renderHook(() => useSubmitLead({ kind: 'enquiry', noun: 'enquiry', stay: true }), { wrapper })
  await act(async () => {
    await expect(result.current.submit({ category: 'general', name: 'Bob' } as never)).rejects.toMatchObject({ code: 'invalid' })
  })
  expect(fetch).toHaveBeenCalledTimes(1)
})
