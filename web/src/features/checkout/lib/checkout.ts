import type { CarDetail, Site } from '@/lib/api'
import { isTestDriveOnly } from '@/lib/test-drive-only'

// The checkout routes of docs/behaviour/screens.md: /cars/{slug}/checkout (reserve),
// /cars/{slug}/buy-online (some tenants) and /checkout-journey?car_id={slug}
// (behind features.checkout_journey).
export type CheckoutMode = 'reserve' | 'buy-online' | 'journey'

export const modeWords: Record<CheckoutMode, { title: string; submit: string; intro: string }> = {
  reserve: { title: 'Reserve Your Car', submit: 'Reserve Now', intro: 'Hold this car while you finalise the details with us.' },
  'buy-online': { title: 'Buy Online', submit: 'Start Buying Online', intro: 'Start buying this car online and we will take it from there.' },
  journey: { title: 'Online Purchase', submit: 'Start Online Purchase', intro: 'Start your online purchase of this car.' },
}

// docs/behaviour/constants.md: "Default reserve deposit text: $200".
export const defaultReserveDeposit = '$200'

export function reserveDeposit(site: Pick<Site, 'wording'>): string {
  return site.wording.reserve_deposit?.trim() || defaultReserveDeposit
}

export type Eligibility =
  | { eligible: true }
  | { eligible: false; reason: 'sold' | 'test-drive-only' | 'reserved' | 'not-in-stock' | 'price'; message: string }

// checkoutEligibility: a car may be reserved or bought online when it is
// available, not test-drive-only and not already reserved; where the site
// sets the stricter rule it must also be in stock and priced above 200
// (docs/behaviour/states.md#availability). The vehicle page's reserve button
// follows the same rule (features/vehicle reserveEligible).
export function checkoutEligibility(car: CarDetail, site: Pick<Site, 'vehicle_page'>): Eligibility {
  if (!car.available) {
    return { eligible: false, reason: 'sold', message: 'This car has been sold, so it can no longer be reserved.' }
  }
  if (isTestDriveOnly(car)) {
    return { eligible: false, reason: 'test-drive-only', message: 'This car is for test drives only, so it cannot be reserved online.' }
  }
  if (car.reserved) {
    return { eligible: false, reason: 'reserved', message: 'This car is already reserved by another buyer.' }
  }
  if (site.vehicle_page.strict_reserve) {
    if (car.status !== 'in_stock') {
      return { eligible: false, reason: 'not-in-stock', message: 'Only cars in stock can be reserved online. This one is not in stock yet.' }
    }
    if (!(car.price > 200)) {
      return { eligible: false, reason: 'price', message: 'This car cannot be reserved online. Please contact us about its price.' }
    }
  }
  return { eligible: true }
}
