import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { leadMessages } from '@/lib/lead-messages'
import { UnsubscribeForm } from './unsubscribe-form'

function draw() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <UnsubscribeForm />
    </QueryClientProvider>,
  )
  return { email: screen.getByRole('textbox', { name: /Email address/ }), send: screen.getByRole('button', { name: 'Unsubscribe' }) }
}

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

describe('UnsubscribeForm', () => {
  afterEach(() => vi.restoreAllMocks())

  it('checks the address with the lead forms’ rule before anything is sent', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch')
    const { email, send } = draw()
    await userEvent.click(send)
    expect(await screen.findByText(leadMessages.emailEmpty)).toBeInTheDocument()
    expect(email).toHaveAttribute('aria-invalid', 'true')
    await userEvent.type(email, 'jo@example')
    await userEvent.click(send)
    expect(await screen.findByText(leadMessages.emailInvalid)).toBeInTheDocument()
    expect(email).toHaveAccessibleDescription(leadMessages.emailInvalid)
    expect(fetch).not.toHaveBeenCalled()
  })

  it('sends a good address and says what happens next', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(answer(200, { success: true }))
    const { email, send } = draw()
    await userEvent.type(email, '  jo@example.com ')
    await userEvent.click(send)
    expect(await screen.findByRole('status')).toHaveTextContent('jo@example.com will receive no more marketing email from us.')
    const [url, init] = fetch.mock.calls[0]!
    expect(String(url)).toContain('/api/miscellaneous')
    expect(JSON.parse(String(init?.body))).toStrictEqual({ column_name: 'unsubscribe', email: 'jo@example.com' })
  })

  it('puts the server’s word on the address on its field, and any other above the form', async () => {
    vi.spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(answer(422, { error: { code: 'invalid', message: 'Check the form.', fields: { email: 'That address cannot take mail.' } } }))
      .mockResolvedValueOnce(answer(429, { error: { code: 'rate_limited', message: 'Too many requests. Please wait a minute.' } }))
    const { email, send } = draw()
    await userEvent.type(email, 'jo@example.com')
    await userEvent.click(send)
    await waitFor(() => expect(email).toHaveAccessibleDescription('That address cannot take mail.'))
    await userEvent.click(send)
    expect(await screen.findByText('Too many requests. Please wait a minute.')).toBeInTheDocument()
  })
})
