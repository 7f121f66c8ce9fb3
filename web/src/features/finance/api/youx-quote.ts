import { queryKeys } from '@/lib/query-keys'
import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { FinanceCar, YouxQuote } from '../types'

export interface YouxQuoteRequest {
  selfAssessedCreditScore: string
  purchasePrice: number
  loanTerm: number
  year?: number
  vin?: string
  nvic?: string
  whoIsHelping: string
}

export function postYouxQuote(req: YouxQuoteRequest, signal?: AbortSignal): Promise<YouxQuote> {
  return api('post', '/api/youx/quote', { body: req, signal })
}

// quoteRequest is the car's quote as docs/behaviour/calls.md sends it: credit
// score GREAT, a 5-year term, nobody helping.
export function quoteRequest(car: FinanceCar): YouxQuoteRequest {
  return {
    selfAssessedCreditScore: 'GREAT',
    purchasePrice: car.price,
    loanTerm: 5,
    year: car.year,
    vin: car.vin ?? '',
    nvic: car.nvic ?? '',
    whoIsHelping: '',
  }
}

// useYouxQuote asks for a quote only when the site has the feature on, the
// car has no quote yet, no lender's estimate (whose figure the page shows
// instead) and its price is above 0 (docs/behaviour/calls.md). A failure is
// ignored: the caller simply has no quote.
export function useYouxQuote(car: FinanceCar | undefined, enabled: boolean): YouxQuote | null {
  return useYouxQuoteState(car, enabled).quote
}

// useYouxQuoteState is useYouxQuote's quote, and whether one is still being
// asked for (so the page can keep its place from the first paint: the
// server draws that too, as it never asks for the quote itself).
export function useYouxQuoteState(car: FinanceCar | undefined, enabled: boolean): { quote: YouxQuote | null; pending: boolean } {
  const wanted = Boolean(enabled && car && !car.youxQuote && !car.finance_estimate && Number.isFinite(car.price) && car.price > 0)
  const q = useQuery({
    queryKey: queryKeys.youxQuote(car?.id),
    queryFn: ({ signal }) => postYouxQuote(quoteRequest(car as FinanceCar), signal),
    enabled: wanted,
    retry: false,
    staleTime: Infinity,
    // A POST to the finance provider: asked for in the browser only.
    meta: { ssr: false },
  })
  if (car?.youxQuote) return { quote: car.finance_estimate ? null : car.youxQuote, pending: false }
  return { quote: wanted && q.data ? q.data : null, pending: wanted && q.isPending }
}
