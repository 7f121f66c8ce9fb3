import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { drawnByServer, typeBeforeHydration } from '@/testing/server-drawn'
import { DeliveryCalculator, MSG_EMPTY_POSTCODE, MSG_NO_ESTIMATE, MSG_POSTCODE_FORMAT, type DeliveryCalculatorProps } from './delivery-calculator'

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

let answer: (url: URL) => Response | Promise<Response>
let calls: URL[]

beforeEach(() => {
  calls = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost')
    calls.push(url)
    return answer(url)
  })
})
afterEach(() => vi.restoreAllMocks())

function setup(props: Partial<DeliveryCalculatorProps> = {}) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <DeliveryCalculator car={{ slug: 'toyota-corolla-1' }} {...props} />
    </QueryClientProvider>,
  )
  return {
    user: userEvent.setup(),
    input: screen.getByRole('textbox', { name: 'Postcode' }),
    button: screen.getByRole('button', { name: 'Calculate' }),
  }
}

describe('DeliveryCalculator (docs/behaviour/states.md: idle, loading, result, error)', () => {
  it('idle, then loading, then the price and region', async () => {
    let release!: () => void
    answer = () => new Promise((r) => (release = () => r(json(200, { price: 290, name: 'Metro and surrounds', distance_km: 90 }))))
    const { user, input, button } = setup()
    expect(screen.getByRole('status')).toBeEmptyDOMElement()
    await user.type(input, '4558')
    await user.click(button)
    expect(await screen.findByRole('button', { name: /calculating/i })).toBeDisabled()
    expect(calls[0]!.pathname).toBe('/api/delivery-quote')
    expect(calls[0]!.searchParams.get('postcode')).toBe('4558')
    expect(calls[0]!.searchParams.get('car')).toBe('toyota-corolla-1')
    release()
    expect(await screen.findByText(/Metro and surrounds/)).toHaveTextContent('Delivery to 4558 (Metro and surrounds): $290')
  })

  it('shows Free for a zero price', async () => {
    answer = () => json(200, { price: 0, name: 'Local', distance_km: 3 })
    const { user, input, button } = setup()
    await user.type(input, '4000')
    await user.click(button)
    expect(await screen.findByText('Free')).toBeInTheDocument()
  })

  it('an empty postcode asks for one without calling the server', async () => {
    const { user, input, button } = setup()
    await user.click(button)
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_EMPTY_POSTCODE)
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(calls).toHaveLength(0)
  })

  it('letters or a short postcode get the format message', async () => {
    const { user, input, button } = setup()
    await user.type(input, 'ab1')
    await user.click(button)
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_POSTCODE_FORMAT)
    expect(calls).toHaveLength(0)
  })

  it('outside every zone: the server says why and the buyer can ask the dealer', async () => {
    const why =
      "Postcode 6000 is about 3,610 km from this car, outside our delivery zones (we deliver up to 2,000 km), so we can't price delivery there online. Ask us and we'll quote delivery to 6000."
    answer = () => json(404, { error: { code: 'not_found', message: why } })
    const askDealer = vi.fn((pc: string) => <button type="button">Ask about delivery to {pc}</button>)
    const { user, input, button } = setup({ askDealer })
    await user.type(input, '6000')
    await user.click(button)
    expect(await screen.findByRole('alert')).toHaveTextContent(why)
    expect(screen.getByRole('button', { name: 'Ask about delivery to 6000' })).toBeInTheDocument()
    expect(askDealer).toHaveBeenLastCalledWith('6000')
    // A postcode that gets a price offers no such button.
    answer = () => json(200, { price: 290, name: 'Metro and surrounds', distance_km: 90 })
    await user.clear(input)
    await user.type(input, '4558')
    await user.click(button)
    await screen.findByText(/Delivery to 4558/)
    expect(screen.queryByRole('button', { name: /Ask about delivery/ })).toBeNull()
  })

  it('without an ask slot, no price still links to the contact page', async () => {
    answer = () => json(404, { error: { code: 'not_found', message: MSG_NO_ESTIMATE } })
    const { user, input, button } = setup()
    await user.type(input, '6000')
    await user.click(button)
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_NO_ESTIMATE)
    expect(screen.getByRole('link', { name: 'Ask about delivery to 6000' })).toHaveAttribute('href', '/contact')
  })

  it('a bad postcode offers no ask button', async () => {
    answer = () => json(422, { error: { code: 'invalid', message: MSG_POSTCODE_FORMAT, fields: { postcode: MSG_POSTCODE_FORMAT } } })
    const { user, input, button } = setup({ askDealer: (pc) => <button type="button">Ask about delivery to {pc}</button> })
    await user.type(input, '0000')
    await user.click(button)
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_POSTCODE_FORMAT)
    expect(screen.queryByRole('button', { name: /Ask about delivery/ })).toBeNull()
  })

  it('a failing server still gives the no-estimate message, never a crash', async () => {
    answer = () => new Response('oops', { status: 500 })
    const { user, input, button } = setup()
    await user.type(input, '4000')
    await user.click(button)
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_NO_ESTIMATE)
  })
})

describe('DeliveryCalculator drawn by the server', () => {
  it('a postcode typed before the page was hydrated is kept and priced', async () => {
    answer = () => json(200, { price: 150, name: 'Coast', distance_km: 40 })
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
    const drawn = drawnByServer(() => (
      <QueryClientProvider client={client}>
        <DeliveryCalculator car="toyota-corolla-1" />
      </QueryClientProvider>
    ))
    try {
      typeBeforeHydration(screen.getByRole('textbox', { name: 'Postcode' }), '4551')
      await drawn.hydrate()
      expect(screen.getByRole('textbox', { name: 'Postcode' })).toHaveValue('4551')
      await userEvent.click(screen.getByRole('button', { name: 'Calculate' }))
      expect(await screen.findByText(/Coast/)).toHaveTextContent('Delivery to 4551 (Coast): $150')
    } finally {
      drawn.remove()
    }
  })
})
