import { queryKeys } from '@/lib/query-keys'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import type { Garage, SavedSearch } from './types'

export const garageKey = queryKeys.garage()

export const garageQueryOptions = () =>
  queryOptions({
    queryKey: garageKey,
    queryFn: ({ signal }) => api('get', '/api/garage', { signal }),
  })

export function useGarage(signedIn: boolean) {
  return useQuery({ ...garageQueryOptions(), enabled: signedIn })
}

export function useSaveSearch() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (s: { name: string; path: string; query: string }) =>
      api('post', '/api/saved-searches', { body: s }),
    onSettled: () => void qc.invalidateQueries({ queryKey: garageKey }),
  })
}

// useSearchesChange calls the server about one saved search, showing its
// outcome in the garage at once (change) and putting the garage back as it
// was when the server refuses.
export function useSearchesChange<V>(call: (v: V) => Promise<void>, change: (searches: SavedSearch[], v: V) => SavedSearch[]) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: call,
    onMutate: async (v: V) => {
      await qc.cancelQueries({ queryKey: garageKey })
      const previous = qc.getQueryData<Garage>(garageKey)
      if (previous) qc.setQueryData<Garage>(garageKey, { ...previous, saved_searches: change(previous.saved_searches, v) })
      return { previous }
    },
    onError: (_e, _v, ctx) => {
      if (ctx?.previous) qc.setQueryData(garageKey, ctx.previous)
    },
    onSettled: () => void qc.invalidateQueries({ queryKey: garageKey }),
  })
}

export function useDeleteSearch() {
  return useSearchesChange(
    (id: number) => api('delete', '/api/saved-searches/{id}', { params: { id } }),
    (searches, id) => searches.filter((s) => s.id !== id),
  )
}

// markSeen records that the visitor opened a saved search (its "new" count
// starts again from now). Failure is harmless: the badge stays.
export function markSeen(id: number) {
  return api('post', '/api/saved-searches/{id}/seen', { params: { id } }).catch(() => undefined)
}
