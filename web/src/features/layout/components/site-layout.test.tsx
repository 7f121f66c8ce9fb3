import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderApp } from '@/testing/render-app'
import { siteFixture } from '@/testing/site-fixture'

describe('site layout', () => {
  it('shows the site name, header menu, phone and footer groups from the config', async () => {
    await renderApp('/about-us')
    const header = screen.getByRole('banner')
    expect(within(header).getByRole('link', { name: /Test Motors/ })).toHaveAttribute('href', '/')
    const menu = within(header).getByRole('navigation', { name: 'Main' })
    expect(within(menu).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')
    expect(within(menu).getByRole('button', { name: 'Stock' })).toBeInTheDocument()
    expect(within(menu).getByRole('link', { name: 'Finance' })).toHaveAttribute('href', '/finance')
    // docs/behaviour/validation.md#phone-display: +61 becomes 0, grouped 2-4-4.
    expect(within(header).getByRole('link', { name: '07 3555 0101' })).toHaveAttribute('href', 'tel:+61735550101')

    const footer = screen.getByRole('contentinfo')
    expect(within(footer).getByRole('heading', { name: 'Vehicles' })).toBeInTheDocument()
    expect(within(footer).getByRole('heading', { name: 'Buyer Tools' })).toBeInTheDocument()
    expect(within(footer).getByRole('link', { name: 'Apply for Finance' })).toHaveAttribute('href', '/apply-for-finance')
    expect(within(footer).getByText('Test Motors Brisbane')).toBeInTheDocument()
    expect(within(footer).getByRole('link', { name: '07 3555 0199' })).toBeInTheDocument()
    // docs/behaviour/screens.md#navigation: the payment methods shown.
    const payments = within(footer).getByRole('list', { name: 'Payment methods' })
    expect(within(payments).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Mastercard', 'Visa', 'Maestro', 'Google Pay', 'Apple Pay',
    ])
    expect(within(footer).getByText(/© \d{4} Test Motors/)).toBeInTheDocument()
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy')
    expect(within(footer).getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/terms-and-conditions')
    expect(await screen.findByRole('heading', { level: 1, name: 'About Us' })).toBeInTheDocument()
  })

  it('uses another site config without code changes', async () => {
    await renderApp(
      '/about-us',
      siteFixture({
        name: 'Other Cars',
        navigation: { header: [{ label: 'Caravans', href: '/search/used-cars' }], footer: [{ title: 'Our Yard', links: null }], payment_methods: ['Visa'] },
        phones: { main: '(07) 3555 0000', by_car_type: null, filter_by_car_type: false },
      }),
    )
    expect(screen.getByRole('link', { name: /Other Cars/ })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Caravans' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Stock' })).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Our Yard' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: '07 3555 0000' })).toBeInTheDocument()
    const payments = screen.getByRole('list', { name: 'Payment methods' })
    expect(within(payments).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Visa'])
  })

  it('shows the logo image when the theme has one, keeping the name as text', async () => {
    const site = siteFixture()
    site.theme = { ...site.theme, logo: '/img/make/toyota.png' }
    await renderApp('/about-us', site)
    const home = screen.getByRole('link', { name: /Test Motors/ })
    expect(home.querySelector('img')).toHaveAttribute('src', '/img/make/toyota.png')
    expect(home).toHaveTextContent('Test Motors')
  })

  it('opens a dropdown and follows a child link', async () => {
    const user = userEvent.setup()
    const { router } = await renderApp('/about-us')
    // The Radix menu takes the plain menu bar's place once the page is idle.
    await waitFor(() => expect(document.querySelector('nav[data-main-menu] [data-radix-collection-item]')).not.toBeNull(), { timeout: 5000 })
    await user.click(screen.getByRole('button', { name: 'Stock' }))
    await user.click(await screen.findByRole('link', { name: 'Used Vehicles' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/search/used-cars'))
  })

  it('has a skip link to the main content', async () => {
    await renderApp('/about-us')
    const skip = screen.getByRole('link', { name: 'Skip to content' })
    expect(skip).toHaveAttribute('href', '#main')
    expect(document.getElementById('main')?.tagName).toBe('MAIN')
  })

  it('opens the mobile menu with its button', async () => {
    const user = userEvent.setup()
    await renderApp('/about-us')
    const button = screen.getByRole('button', { name: 'Menu' })
    expect(button).toHaveAttribute('aria-expanded', 'false')
    await user.click(button)
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true')
    const navs = screen.getAllByRole('navigation', { name: 'Main' })
    const mobile = navs.find((n) => n.tagName === 'NAV' && n.id)!
    expect(within(mobile).getByRole('link', { name: 'Demo Vehicles' })).toHaveAttribute('href', '/search/demo-cars')
  })
})
