import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { fakeApi, signedOut } from '@/features/account/testing'
import { renderApp } from '@/testing/render-app'
import { siteFixture } from '@/testing/site-fixture'

afterEach(() => vi.restoreAllMocks())

// Load the page's code once up front: the first lazy load compiles the
// finance and leads features, which can outlast renderApp's wait.
beforeAll(async () => {
  await import('./finance')
}, 30_000)

// docs/behaviour/screens.md: the finance pages carry the calculator and the finance
// enquiry form in a #finance-form section.
describe('finance pages', () => {
  it.each([
    ['/finance', 'Finance'],
    ['/finance-enquiry', 'Finance Enquiry'],
    ['/apply-for-finance', 'Apply for Finance'],
    ['/finance-pre-approval', 'Finance Pre-Approval'],
    ['/personalised/finance', 'Personalised Finance'],
  ])('%s shows the calculator and the finance form', async (path, heading) => {
    await renderApp(path)
    const main = screen.getByRole('main')
    expect(await within(main).findByRole('heading', { level: 1, name: heading })).toBeInTheDocument()
    expect(within(main).getByRole('heading', { name: 'Finance Calculator' })).toBeInTheDocument()
    expect(within(main).getByRole('status', { name: 'Estimated repayment' })).toHaveTextContent(/\$\d+ per week\*/)
    const section = document.getElementById('finance-form') as HTMLElement
    expect(within(section).getByRole('form', { name: 'Finance Enquiry' })).toBeInTheDocument()
    expect(within(main).queryByText('This page is coming soon.')).toBeNull()
  })

  it('the personalised page shows the linked car and starts from its price', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      if (String(input) === '/api/finance/cars/77') {
        return Response.json({
          car: {
            id: 77, slug: '2021-toyota-corolla-77', name: '2021 Toyota Corolla Ascent', year: 2021, make: 'Toyota',
            model: 'Corolla', badge: 'Ascent', price: 24990, car_type: 'used', finance_estimate: null,
          },
        })
      }
      return new Response(null, { status: 204 })
    })
    await renderApp('/personalised/finance?car_id=77&vehiclePriceBudget=24990&car_type=used&vin=X&preferredDealership=test-motors')
    const main = screen.getByRole('main')
    expect(await within(main).findByRole('heading', { name: '2021 Toyota Corolla Ascent' })).toBeInTheDocument()
    expect(within(main).getByRole('textbox', { name: 'Loan amount' })).toHaveValue('24,990')
  })

  it('a car_id that names nothing says so and keeps the calculator', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      Response.json({ error: { code: 'not_found', message: 'Car not found.' } }, { status: 404 }),
    )
    await renderApp('/personalised/finance?car_id=5')
    const main = screen.getByRole('main')
    expect(await within(main).findByRole('alert')).toHaveTextContent('We could not find that car')
    expect(within(main).getByRole('heading', { name: 'Finance Calculator' })).toBeInTheDocument()
  })

  // docs/behaviour/roles.md: a site can gate its finance pages behind sign-in.
  it.each([
    ['/personalised/finance?car_id=77', 'car-finance'],
    ['/finance-pre-approval', 'finance'],
  ])('a site that gates finance sends a signed-out visitor from %s to sign-in (purpose %s)', async (path, purpose) => {
    fakeApi({ 'GET /api/me': signedOut })
    const base = siteFixture()
    const site = siteFixture({ features: { ...base.features, finance_sign_in: true } })
    const { router } = await renderApp(path, site)
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'))
    const q = new URLSearchParams(router.state.location.search)
    expect(q.get('type')).toBe(purpose)
    expect(q.get('redirect')).toBe(path)
    expect(screen.queryByRole('form', { name: 'Finance Enquiry' })).toBeNull()
  })

  it('a signed-in visitor goes straight through a finance gate', async () => {
    fakeApi({ 'GET /api/me': () => Response.json({ phone: '+61412345678' }) })
    const base = siteFixture()
    const site = siteFixture({ features: { ...base.features, finance_sign_in: true } })
    await renderApp('/finance', site)
    expect(await screen.findByRole('form', { name: 'Finance Enquiry' })).toBeInTheDocument()
  })
})
