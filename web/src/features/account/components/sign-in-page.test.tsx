import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { accountSite, fakeApi, renderRoutes, signedOut, type Handler } from '../testing'
import { SignInPage } from './sign-in-page'

afterEach(() => {
  vi.restoreAllMocks()
  window.localStorage.clear()
})

const routes = [
  { path: '/sign-in', element: <SignInPage /> },
  { path: '/my-garage', element: <h1>Garage</h1> },
  { path: '/', element: <h1>Home</h1> },
]

// A session that starts signed out and signs in on the right code.
function api(extra: Record<string, Handler> = {}) {
  let phone = ''
  return fakeApi({
    'GET /api/me': (c) => (phone ? Response.json({ phone }) : signedOut(c)),
    'POST /api/auth/otp': () => new Response(null, { status: 204 }),
    'POST /api/auth/verify': (c) => {
      const b = c.body as { code: string }
      if (b.code !== '123456') {
        return Response.json(
          { error: { code: 'invalid', message: 'Please check the highlighted fields.', fields: { code: 'The code is wrong or has expired. Please try again or send a new code.' } } },
          { status: 422 },
        )
      }
      phone = '+61412345678'
      return Response.json({ phone })
    },
    ...extra,
  })
}

async function sendCode(number = '0412 345 678') {
  const user = userEvent.setup()
  await user.type(await screen.findByRole('textbox', { name: /Mobile number/ }), number)
  await user.click(screen.getByRole('button', { name: 'Send code' }))
  return user
}

describe('/sign-in (docs/behaviour/screens.md)', () => {
  it('takes the mobile number, then the code, and returns to redirect', async () => {
    const calls = api()
    renderRoutes(routes, '/sign-in?type=my-garage&redirect=%2Fmy-garage&back=%2F')
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to My Garage' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/')
    const user = await sendCode()
    const code = await screen.findByRole('textbox', { name: /Verification code/ })
    expect(code).toHaveAttribute('autocomplete', 'one-time-code')
    expect(code).toHaveAttribute('inputmode', 'numeric')
    expect(calls.find((c) => c.path === '/api/auth/otp')?.body).toEqual({ phone: '0412 345 678' })
    await user.type(code, '123456')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByRole('heading', { name: 'Garage' })).toBeInTheDocument()
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/my-garage$/)
  })

  it('keeps only six digits in the code box, and asks for six before verifying', async () => {
    const calls = api()
    renderRoutes(routes, '/sign-in')
    const user = await sendCode()
    const code = await screen.findByRole('textbox', { name: /Verification code/ })
    await waitFor(() => expect(code).toHaveFocus())
    await user.type(code, '12a-34')
    expect(code).toHaveValue('1234')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(code).toHaveAccessibleDescription('Please enter the 6-digit code we sent you.'))
    expect(calls.some((c) => c.path === '/api/auth/verify')).toBe(false)
    await user.type(code, '56789')
    expect(code).toHaveValue('123456')
  })

  it('shows a wrong code by the code field and stays', async () => {
    api()
    renderRoutes(routes, '/sign-in?type=watchlist&redirect=%2Fmy-garage')
    const user = await sendCode()
    await user.type(await screen.findByRole('textbox', { name: /Verification code/ }), '000000')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    const code = screen.getByRole('textbox', { name: /Verification code/ })
    await waitFor(() => expect(code).toHaveAccessibleDescription(/wrong or has expired/))
    expect(code).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/sign-in/)
  })

  it('checks the number before sending: a landline is not a mobile', async () => {
    const calls = api()
    renderRoutes(routes, '/sign-in')
    await sendCode('07 3123 4567')
    const input = screen.getByRole('textbox', { name: /Mobile number/ })
    expect(input).toHaveAccessibleDescription('Please enter a valid mobile number.')
    expect(calls.some((c) => c.path === '/api/auth/otp')).toBe(false)
  })

  it('takes a New Zealand mobile on a New Zealand site', async () => {
    const calls = api()
    renderRoutes(routes, '/sign-in', accountSite({ country: 'NZ' }))
    await sendCode('021 123 4567')
    expect(await screen.findByRole('textbox', { name: /Verification code/ })).toBeInTheDocument()
    expect(calls.some((c) => c.path === '/api/auth/otp')).toBe(true)
  })

  it("shows the server's field message by the field and a 429 or 503 plainly", async () => {
    let status = 422
    api({
      'POST /api/auth/otp': () => {
        if (status === 422) return Response.json({ error: { code: 'invalid', message: 'Check the fields.', fields: { phone: 'Please enter a valid mobile number.' } } }, { status })
        if (status === 429) return Response.json({ error: { code: 'rate_limited', message: 'Too many codes asked for. Please wait a minute.' } }, { status })
        return Response.json({ error: { code: 'unavailable', message: 'Sign-in is not available on this site.' } }, { status })
      },
    })
    renderRoutes(routes, '/sign-in')
    const user = await sendCode()
    const input = screen.getByRole('textbox', { name: /Mobile number/ })
    await waitFor(() => expect(input).toHaveAccessibleDescription('Please enter a valid mobile number.'))
    status = 429
    await user.click(screen.getByRole('button', { name: 'Send code' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many codes asked for. Please wait a minute.')
    status = 503
    await user.click(screen.getByRole('button', { name: 'Send code' }))
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Sign-in is not available on this site.'))
  })

  it('sends a new code and lets the visitor change the number', async () => {
    const calls = api()
    renderRoutes(routes, '/sign-in')
    const user = await sendCode()
    await screen.findByRole('textbox', { name: /Verification code/ })
    await user.click(screen.getByRole('button', { name: 'Send a new code' }))
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/auth/otp')).toHaveLength(2))
    expect(await screen.findByText(/We sent a new code/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Use a different number' }))
    expect(screen.getByRole('textbox', { name: /Mobile number/ })).toHaveValue('0412 345 678')
  })

  it.each(['https://evil.example', '//evil.example', '/\\evil'])('ignores the foreign redirect %s and goes home', async (target) => {
    api()
    renderRoutes(routes, `/sign-in?type=watchlist&redirect=${encodeURIComponent(target)}&back=${encodeURIComponent(target)}`)
    expect(screen.queryByRole('link', { name: 'Back' })).not.toBeInTheDocument()
    const user = await sendCode()
    await user.type(await screen.findByRole('textbox', { name: /Verification code/ }), '123456')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument()
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/)
  })

  it('sends a visitor who is already signed in straight to redirect', async () => {
    window.localStorage.setItem('forecourt:signed-in', '1')
    fakeApi({ 'GET /api/me': () => Response.json({ phone: '+61412345678' }) })
    renderRoutes(routes, '/sign-in?type=my-garage&redirect=%2Fmy-garage')
    expect(await screen.findByRole('heading', { name: 'Garage' })).toBeInTheDocument()
  })
  it('shows a typed number\'s slip when the box is left, and waits for the submit when it is empty', async () => {
    const calls = api()
    renderRoutes(routes, '/sign-in')
    const user = userEvent.setup()
    const input = await screen.findByRole('textbox', { name: /Mobile number/ })
    await user.click(input)
    await user.tab()
    expect(input).not.toHaveAccessibleDescription()
    await user.click(input)
    await user.type(input, '07 3123 4567')
    await user.tab()
    await waitFor(() => expect(input).toHaveAccessibleDescription('Please enter a valid mobile number.'))
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(calls.some((c) => c.path === '/api/auth/otp')).toBe(false)
  })

  it('keeps the message above the form through a refused submit, and clears it on the next request', async () => {
    let status = 429
    api({
      'POST /api/auth/otp': () =>
        status === 429
          ? Response.json({ error: { code: 'rate_limited', message: 'Too many codes asked for. Please wait a minute.' } }, { status })
          : new Response(null, { status: 204 }),
    })
    renderRoutes(routes, '/sign-in')
    const user = await sendCode()
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many codes asked for. Please wait a minute.')
    const input = screen.getByRole('textbox', { name: /Mobile number/ })
    await user.clear(input)
    await user.click(screen.getByRole('button', { name: 'Send code' }))
    await waitFor(() => expect(input).toHaveAccessibleDescription('Please enter a valid mobile number.'))
    expect(screen.getByRole('alert')).toHaveTextContent('Too many codes asked for. Please wait a minute.')
    status = 204
    await user.type(input, '0412 345 678')
    await user.click(screen.getByRole('button', { name: 'Send code' }))
    expect(await screen.findByRole('textbox', { name: /Verification code/ })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('marks the button busy while the code is being sent', async () => {
    let answer: (r: Response) => void = () => {}
    api({ 'POST /api/auth/otp': () => new Promise<Response>((resolve) => (answer = resolve)) })
    renderRoutes(routes, '/sign-in')
    await sendCode()
    const button = screen.getByRole('button', { name: 'Send code' })
    await waitFor(() => expect(button).toBeDisabled())
    expect(button).toHaveAttribute('aria-busy', 'true')
    answer(new Response(null, { status: 204 }))
    expect(await screen.findByRole('textbox', { name: /Verification code/ })).toBeInTheDocument()
  })
})
