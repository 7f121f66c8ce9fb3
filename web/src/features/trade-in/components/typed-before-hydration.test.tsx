import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter } from 'react-router'
import { afterEach, expect, it } from 'vitest'
import { SiteContext } from '@/lib/site'
import { drawnByServer, typeBeforeHydration } from '@/testing/server-drawn'
import { siteFixture } from '@/testing/site-fixture'
import { tradeInOptionsQuery, type TradeInOptions } from '../api/trade-in'
import { TradeInFlow } from './trade-in-flow'

const options: TradeInOptions = {
  questions: [{ id: 'keys', label: 'How many keys do you have?', options: [{ id: 'two', label: 'Two or more' }] }],
  makes: [{ make: 'Toyota', models: ['Corolla'] }],
  states: ['NSW', 'QLD'],
  max_age_years: 7,
  max_km: 100000,
  faq: '',
  years: [2024, 2023],
}

function page() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  client.setQueryData(tradeInOptionsQuery().queryKey, options)
  return (
    <QueryClientProvider client={client}>
      <SiteContext.Provider value={siteFixture()}>
        <MemoryRouter>
          <TradeInFlow />
        </MemoryRouter>
      </SiteContext.Provider>
    </QueryClientProvider>
  )
}

let drawn: ReturnType<typeof drawnByServer> | null = null
afterEach(() => drawn?.remove())

it('a rego typed before the page was hydrated stays in the field and in the flow', async () => {
  drawn = drawnByServer(page)
  typeBeforeHydration(screen.getByRole('textbox', { name: /rego/i }), 'abc123')
  await drawn.hydrate()
  // The flow's own onChange ran (it spells a rego in capitals).
  expect(screen.getByRole('textbox', { name: /rego/i })).toHaveValue('ABC123')
  const user = userEvent.setup()
  await user.selectOptions(screen.getByRole('combobox', { name: /state/i }), 'QLD')
  await user.click(screen.getByRole('button', { name: 'Next' }))
  // The car step took the rego: no error, on to the next step.
  expect(await screen.findByRole('heading', { name: 'Kilometres' })).toBeInTheDocument()
})
