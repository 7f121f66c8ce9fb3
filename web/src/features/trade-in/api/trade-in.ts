import { queryKeys } from '@/lib/query-keys'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { components } from '@/lib/api-types'

type Schemas = components['schemas']
export type TradeInOptions = Schemas['TradeInOptions']
export type TradeInQuestion = Schemas['TradeInQuestion']
export type TradeInRequest = Schemas['TradeInRequest']
export type TradeInValuation = Schemas['TradeInValuation']
export type TradeInTargetCar = Schemas['TradeInTargetCar']

export const tradeInOptionsQuery = () =>
  queryOptions({
    queryKey: queryKeys.tradeInOptions(),
    queryFn: ({ signal }) => api('get', '/api/trade-in/options', { signal }),
    staleTime: 5 * 60_000,
  })

export function useTradeInOptions() {
  return useQuery(tradeInOptionsQuery())
}

export const tradeInTargetCarQuery = (carId: string | null) =>
  queryOptions({
    queryKey: queryKeys.tradeInCar(carId),
    queryFn: ({ signal }) =>
      api('get', '/api/trade-in/car', { query: `car_id=${encodeURIComponent(carId ?? '')}`, signal }),
    retry: false,
  })

export function useTradeInTargetCar(carId: string | null) {
  return useQuery({ ...tradeInTargetCarQuery(carId), enabled: carId !== null && carId !== '' })
}

export type TradeInCar = Schemas['TradeInCar']

// findRego asks which car a plate (and its state, where the site has
// states) names; a plate unknown or unreadable is an invalid ApiError
// naming the field.
export function findRego(rego: string, regoState: string): Promise<TradeInCar> {
  const q = new URLSearchParams({ rego, ...(regoState ? { regoState } : {}) })
  return api('get', '/api/trade-in/rego', { query: String(q) })
}

export function postValuation(req: TradeInRequest): Promise<TradeInValuation> {
  return api('post', '/api/trade-in/valuation', { body: req })
}

// logValuation keeps the valuation with the lead (docs/behaviour/calls.md,
// miscellaneous): only success or failure is logged, a failure never
// stops the buyer.
export async function logValuation(leadId: string, valuation: TradeInValuation): Promise<boolean> {
  try {
    await api('post', '/api/miscellaneous', {
      body: { column_name: 'valuation', lead_id: leadId, valuation },
    })
    console.info('Valuation logged.')
    return true
  } catch {
    console.warn('Valuation log failed.')
    return false
  }
}
