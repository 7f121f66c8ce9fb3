import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { components } from '@/lib/api-types'

export type DeliveryQuote = components['schemas']['DeliveryQuote']

export function getDeliveryQuote(car: string, postcode: string, signal?: AbortSignal): Promise<DeliveryQuote> {
  const q = new URLSearchParams({ car, postcode })
  return api('get', '/api/delivery-quote', { query: String(q), signal })
}

// useDeliveryQuote asks on demand (the buyer presses the button), so it is a
// mutation: nothing is fetched until then and each press asks afresh.
export function useDeliveryQuote(car: string) {
  return useMutation({ mutationFn: (postcode: string) => getDeliveryQuote(car, postcode) })
}
