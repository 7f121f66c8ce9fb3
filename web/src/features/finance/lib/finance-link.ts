import type { FinanceCar } from '../types'

interface SiteDealerships {
  dealerships?: readonly { id: number; slug: string }[] | null
}

// financeLink is the per-car finance link (docs/behaviour/screens.md): a car with an
// NVIC goes to the personalised finance page, any other to /finance; both
// carry preferredDealership, vehiclePriceBudget, car_id, car_type and vin,
// and land on the #finance-form section.
export function financeLink(car: FinanceCar, site: SiteDealerships): string {
  const dealership =
    car.dealership_slug || site.dealerships?.find((d) => d.id === car.dealership_id)?.slug || ''
  const q = new URLSearchParams()
  q.set('preferredDealership', dealership)
  q.set('vehiclePriceBudget', String(Number.isFinite(car.price) && car.price > 0 ? car.price : 0))
  q.set('car_id', String(car.id))
  q.set('car_type', car.car_type ?? '')
  q.set('vin', car.vin ?? '')
  const path = car.nvic?.trim() ? '/personalised/finance' : '/finance'
  return `${path}?${q.toString()}#finance-form`
}

// FinanceLinkParams are what a finance page reads back from that link.
export interface FinanceLinkParams {
  carId: number | null
  preferredDealership: string
  vehiclePriceBudget: number | null
  carType: string
  vin: string
}

export function readFinanceLink(search: string | URLSearchParams): FinanceLinkParams {
  const q = typeof search === 'string' ? new URLSearchParams(search) : search
  const id = Number(q.get('car_id'))
  const budget = Number((q.get('vehiclePriceBudget') ?? '').replace(/[$,\s]/g, '') || NaN)
  return {
    carId: Number.isInteger(id) && id > 0 ? id : null,
    preferredDealership: q.get('preferredDealership') ?? '',
    vehiclePriceBudget: Number.isFinite(budget) && budget > 0 ? budget : null,
    carType: q.get('car_type') ?? '',
    vin: q.get('vin') ?? '',
  }
}
