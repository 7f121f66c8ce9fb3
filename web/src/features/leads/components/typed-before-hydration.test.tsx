import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { SiteContext } from '@/lib/site'
import { drawnByServer, typeBeforeHydration } from '@/testing/server-drawn'
import { siteFixture } from '@/testing/site-fixture'
import { LeadForm } from './lead-form'

let bodies: Record<string, unknown>[]
beforeEach(() => {
  window.localStorage.clear()
  bodies = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    if (String(input).startsWith('/api/leads')) bodies.push(JSON.parse(String(init.body)))
    return new Response(JSON.stringify({ lead_id: 'L-1' }), { status: 201, headers: { 'Content-Type': 'application/json' } })
  })
})

let drawn: ReturnType<typeof drawnByServer> | null = null
afterEach(() => {
  drawn?.remove()
  vi.restoreAllMocks()
})

function page() {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <SiteContext.Provider value={siteFixture()}>
        <MemoryRouter>
          <LeadForm kind="enquiry" />
        </MemoryRouter>
      </SiteContext.Provider>
    </QueryClientProvider>
  )
}

it('a rego typed before the page was hydrated stays in the field and in the form\'s values', async () => {
  drawn = drawnByServer(page)
  typeBeforeHydration(screen.getByRole('textbox', { name: /rego/i }), 'xyz789')
  await drawn.hydrate()
  expect(screen.getByRole('textbox', { name: /rego/i })).toHaveValue('xyz789')
  const user = userEvent.setup()
  await user.type(screen.getByRole('textbox', { name: /^name/i }), 'Jo Buyer')
  await user.type(screen.getByRole('textbox', { name: /email/i }), 'jo@example.com')
  await user.type(screen.getByRole('textbox', { name: /phone/i }), '0412 345 678')
  await user.type(screen.getByRole('textbox', { name: /message/i }), 'Hi')
  await user.click(screen.getByRole('button', { name: 'Send Enquiry' }))
  await waitFor(() => expect(bodies).toHaveLength(1))
  expect(bodies[0]).toMatchObject({ rego: 'XYZ789', name: 'Jo Buyer' })
})
