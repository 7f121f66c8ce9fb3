import { render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { siteFixture } from '@/testing/site-fixture'
import type { SuccessState } from '../api/submit-lead'
import { SuccessPage } from './success-page'

function renderSuccess(state: SuccessState) {
  const router = createMemoryRouter([{ path: '/success', element: <SuccessPage site={siteFixture()} /> }], {
    initialEntries: [{ pathname: '/success', state }],
  })
  render(<RouterProvider router={router} />)
}

describe('SuccessPage', () => {
  it('gives a short reference to read out, what was asked for and a way back to the car', () => {
    renderSuccess({
      leadId: '0d6f3b8e-4c1a-4b5e-9f2a-7c3d2e1f0a9b',
      reference: 'K7QM4RTX',
      noun: 'test drive request',
      carName: '2020 Toyota Corolla',
      carSlug: 'used-corolla',
      asked: 'Test drive on Monday 7 January 2030 at 9:30 am',
    })
    expect(screen.getByTestId('success-reference')).toHaveTextContent('Your reference: K7QM4RTX')
    expect(screen.queryByText(/0d6f3b8e/)).toBeNull()
    expect(screen.getByTestId('success-asked')).toHaveTextContent('Test drive on Monday 7 January 2030 at 9:30 am')
    expect(screen.getByRole('link', { name: '2020 Toyota Corolla' })).toHaveAttribute('href', '/cars/used-corolla')
    expect(screen.getByRole('link', { name: 'Back to the Car' })).toHaveAttribute('href', '/cars/used-corolla')
  })

  it('offers no car link for an enquiry about no car', () => {
    renderSuccess({ leadId: 'L-2', reference: 'PHMN34A4', noun: 'enquiry' })
    expect(screen.getByTestId('success-reference')).toHaveTextContent('PHMN34A4')
    expect(screen.queryByRole('link', { name: 'Back to the Car' })).toBeNull()
    expect(screen.queryByTestId('success-asked')).toBeNull()
  })
})
