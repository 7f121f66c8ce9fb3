import { queryKeys } from '@/lib/query-keys'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { Watchlist } from './types'

export const watchlistKey = queryKeys.watchlist()

export const watchlistQueryOptions = () =>
  queryOptions({
    queryKey: watchlistKey,
    queryFn: ({ signal }) => api('get', '/api/watchlist', { signal }),
  })

// useWatchlist is the signed-in visitor's saved car ids (none while signed out).
export function useWatchlist(signedIn: boolean) {
  return useQuery({ ...watchlistQueryOptions(), enabled: signedIn })
}

export type WatchlistChange = { carId: number; save: boolean; phone: string }

// useWatchlistChange saves or removes a car optimistically
// (docs/behaviour/states.md#watchlist): the id changes in the cache at once and
// comes back as it was when the server refuses.
export function useWatchlistChange() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ carId, save, phone }: WatchlistChange) =>
      api('post', save ? '/api/watchlist/save-car' : '/api/watchlist/remove-car', {
        body: { phone_number: phone, car_id: carId },
      }).then((r) => {
        // docs/behaviour/errors.md: a result that is not a success is a failure.
        if (!r?.success) throw new Error('The watchlist could not be updated. Please try again.')
        return r
      }),
    onMutate: async ({ carId, save }) => {
      await qc.cancelQueries({ queryKey: watchlistKey })
      const previous = qc.getQueryData<Watchlist>(watchlistKey)
      const ids = (previous?.car_ids ?? []).filter((id) => id !== carId)
      qc.setQueryData<Watchlist>(watchlistKey, { car_ids: save ? [...ids, carId] : ids })
      return { previous }
    },
    onError: (_err, _v, ctx) => {
      if (ctx) qc.setQueryData(watchlistKey, ctx.previous ?? { car_ids: [] })
    },
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: watchlistKey })
      void qc.invalidateQueries({ queryKey: queryKeys.garage() })
    },
  })
}

// A saved car by its id (the watchlist keeps ids): the car API that finance
// links use. A car the site no longer shows answers 404 and is left out.
export const watchedCarQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.watchedCar(id),
    queryFn: ({ signal }) => api('get', '/api/finance/cars/{id}', { params: { id }, signal }).then((r) => r.car),
    staleTime: 5 * 60_000,
  })
