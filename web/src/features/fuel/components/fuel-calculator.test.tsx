import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { drawnByServer, typeBeforeHydration } from '@/testing/server-drawn'
import { FuelCalculator } from './fuel-calculator'

describe('FuelCalculator', () => {
  it('starts from $1.70 and 250 kms and uses the car consumption', () => {
    render(<FuelCalculator car={{ simple_fuel: 'Petrol', variant: { fuelconsumptioncombined: 8 } }} />)
    expect(screen.getByRole('textbox', { name: /fuel price/i })).toHaveValue('1.70')
    expect(screen.getByRole('textbox', { name: /distance/i })).toHaveValue('250 kms')
    // 250/100 × 8 × 1.70 = $34.00
    expect(screen.getByRole('status')).toHaveTextContent('Estimated fuel cost: $34.00')
  })

  it('strips $ , and kms and recomputes', async () => {
    const user = userEvent.setup()
    render(<FuelCalculator car={{ simple_fuel: 'Diesel' }} />)
    const price = screen.getByRole('textbox', { name: /fuel price/i })
    const distance = screen.getByRole('textbox', { name: /distance/i })
    await user.clear(price)
    await user.type(price, '$2.10')
    await user.clear(distance)
    await user.type(distance, '1,000 kms')
    // Unknown consumption: 10 L/100km. 1000/100 × 10 × 2.10 = $210.00
    expect(screen.getByRole('status')).toHaveTextContent('$210.00')
    expect(screen.getByText(/based on 10 L\/100km/i)).toBeInTheDocument()
  })

  it('shows a clear message for letters, never NaN or Infinity', async () => {
    const user = userEvent.setup()
    render(<FuelCalculator car={{ simple_fuel: 'Petrol' }} />)
    const price = screen.getByRole('textbox', { name: /fuel price/i })
    await user.clear(price)
    await user.type(price, 'abc')
    await waitFor(() => expect(price).toHaveAccessibleDescription(/fuel price as a number/i))
    expect(screen.getByRole('status')).toHaveTextContent('Enter a fuel price and distance')
    const distance = screen.getByRole('textbox', { name: /distance/i })
    await user.clear(distance)
    await user.click(distance)
    await user.paste('9'.repeat(400)) // overflows to Infinity if unchecked
    expect(document.body.textContent).not.toMatch(/NaN|Infinity/)
    await waitFor(() => expect(distance).toHaveAccessibleDescription(/under 1,000,000/i))
  })

  it('quotes the consumption to one decimal', () => {
    render(<FuelCalculator car={{ simple_fuel: 'Petrol', variant: { fuelconsumptioncombined: 7.5969999999999995 } }} />)
    expect(screen.getByText('This car uses 7.6 L/100km (combined).')).toBeInTheDocument()
  })

  it('is hidden for electric cars', () => {
    const { container } = render(<FuelCalculator car={{ simple_fuel: 'Electric' }} />)
    expect(container).toBeEmptyDOMElement()
  })
})

describe('FuelCalculator drawn by the server', () => {
  it('shows its defaults before the app is in, and keeps figures typed before the page was hydrated', async () => {
    const drawn = drawnByServer(() => <FuelCalculator car={{ simple_fuel: 'Petrol', variant: { fuelconsumptioncombined: 8 } }} />)
    try {
      const price = screen.getByRole<HTMLInputElement>('textbox', { name: /fuel price/i })
      expect(price).toHaveValue('1.70')
      typeBeforeHydration(price, '2.00')
      await drawn.hydrate()
      expect(screen.getByRole('textbox', { name: /fuel price/i })).toHaveValue('2.00')
      // Priced as React takes the field over: 250/100 × 8 × 2.00.
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Estimated fuel cost: $40.00'))
      // Still so once the buyer types on ('250 kms' to '250').
      await userEvent.type(screen.getByRole('textbox', { name: /distance/i }), '{backspace}{backspace}{backspace}{backspace}')
      expect(screen.getByRole('status')).toHaveTextContent('Estimated fuel cost: $40.00')
    } finally {
      drawn.remove()
    }
  })
})
