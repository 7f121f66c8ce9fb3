import { screen, waitFor, within } from '@testing-library/react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { renderApp } from '@/testing/render-app'
import { siteFixture } from '@/testing/site-fixture'

// The lead form pages (contact, parts, service, careers, test drive;
// docs/behaviour/screens.md#dialogs-and-forms) render their real forms inside
// the layout.
// Load the lazy page chunks once up front, so the first case is not timed
// against a cold module graph.
beforeAll(async () => {
  await Promise.all([import('./lead-pages'), import('./contact'), import('./success')])
})

describe('lead form pages', () => {
  it.each([
    ['/contact', 'Contact Us', 'Send Enquiry'],
    ['/contact-us/test-motors-brisbane', 'Contact Test Motors Brisbane', 'Send Enquiry'],
    ['/vehicle-parts-and-accessories', 'Vehicle Parts and Accessories', 'Send Enquiry'],
    ['/service', 'Book a Service', 'Request Booking'],
    ['/careers', 'Careers at Test Motors', 'Send Application'],
    ['/book-test-drive/', 'Book a Test Drive', 'Book Test Drive'],
  ])('%s shows its form', async (path, heading, button) => {
    await renderApp(path)
    const main = screen.getByRole('main')
    expect(await within(main).findByRole('heading', { level: 1, name: heading })).toBeInTheDocument()
    expect(within(main).getByRole('button', { name: button })).toBeEnabled()
    expect(within(main).queryByText('This page is coming soon.')).toBeNull()
  })

  it.each(['/contact', '/service', '/book-test-drive/'])("%s fills in a signed-in buyer's mobile", async (path) => {
    const real = globalThis.fetch
    const me = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) =>
      String(input) === '/api/me' ? Response.json({ phone: '+61412345678' }) : real(input, init),
    )
    window.localStorage.setItem('forecourt:signed-in', '1')
    try {
      await renderApp(path)
      const main = screen.getByRole('main')
      const mobile = await within(main).findByRole('textbox', { name: /mobile|phone/i })
      await waitFor(() => expect(mobile).toHaveValue('0412 345 678'))
    } finally {
      window.localStorage.removeItem('forecourt:signed-in')
      me.mockRestore()
    }
  })

  it("a caravan dealer's booking page books an inspection, and its service form offers caravan services", async () => {
    const base = siteFixture()
    const site = siteFixture({
      wording: { ...base.wording, viewing: 'inspection', service_types: ['Annual Service', 'Pre-Trip Check'], service_extras: ['Gas Compliance Certificate'] },
    })
    const view = await renderApp('/book-test-drive/', site)
    let main = screen.getByRole('main')
    expect(await within(main).findByRole('heading', { level: 1, name: 'Book an Inspection' })).toBeInTheDocument()
    expect(within(main).getByRole('button', { name: 'Book Inspection' })).toBeEnabled()
    expect(within(main).queryByText(/test drive/i)).toBeNull()
    view.unmount()

    await renderApp('/service', site)
    main = screen.getByRole('main')
    const type = await within(main).findByRole('combobox', { name: 'Service Type' })
    expect(within(type).getAllByRole('option').map((o) => o.textContent)).toEqual(['Select a service', 'Annual Service', 'Pre-Trip Check'])
    expect(within(main).getByRole('checkbox', { name: 'Gas Compliance Certificate' })).toBeInTheDocument()
    expect(within(main).queryByText('Car Wash')).toBeNull()
    expect(within(main).queryByText('Loan Car')).toBeNull()
    // A caravan has no odometer, so the form asks for none.
    expect(within(main).queryByRole('textbox', { name: /Odometer/ })).toBeNull()
  })

  it("a car dealer's service form asks for the odometer", async () => {
    await renderApp('/service', siteFixture())
    expect(await within(screen.getByRole('main')).findByRole('textbox', { name: /Odometer/ })).toBeInTheDocument()
  })

  it('/contact?category= opens the form on one of the site\'s enquiry types, and ignores others', async () => {
    const view = await renderApp('/contact?category=Finance%20Enquiry')
    const main = screen.getByRole('main')
    expect(await within(main).findByRole('combobox', { name: /Enquiry Type/ })).toHaveValue('Finance Enquiry')
    view.unmount()
    await renderApp('/contact?category=Nonsense')
    expect(await within(screen.getByRole('main')).findByRole('combobox', { name: /Enquiry Type/ })).toHaveValue('General Enquiry')
  })

  it('a contact page of an unknown location is not found', async () => {
    await renderApp('/contact-us/nowhere')
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument()
  })

  it('/success confirms the lead and offers a way on', async () => {
    await renderApp('/success', siteFixture())
    const main = screen.getByRole('main')
    expect(await within(main).findByRole('heading', { level: 1, name: 'Thank you!' })).toBeInTheDocument()
    expect(within(main).getByText(/has been sent to Test Motors/)).toBeInTheDocument()
    expect(within(main).getByRole('link', { name: '07 3555 0101' })).toHaveAttribute('href', 'tel:+61735550101')
    expect(within(main).getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/')
  })
})
