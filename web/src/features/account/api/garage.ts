import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'
import type { Garage, SavedSearch } from './types'

export const garageKey = ['account', 'garage'] as const

export const garageQueryOptions = () =>
  queryOptions({
    queryKey: garageKey,
    queryFn: ({ signal }) => apiFetch<Garage>('/api/garage', { signal }),
  })

export function useGarage(signedIn: boolean) {
  return useQuery({ ...garageQueryOptions(), enabled: signedIn })
}

export function useSaveSearch() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (s: { name: string; path: string; query: string }) =>
      apiFetch<{ search: SavedSearch }>('/api/saved-searches', { method: 'POST', body: s }),
    onSettled: () => void qc.invalidateQueries({ queryKey: garageKey }),
  })
}

export function useDeleteSearch() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`/api/saved-searches/${id}`, { method: 'DELETE' }),
    onMutate: async (id) => {
      await qc.cancelQueries({ queryKey: garageKey })
      const previous = qc.getQueryData<Garage>(garageKey)
      if (previous) qc.setQueryData<Garage>(garageKey, { ...previous, saved_searches: previous.saved_searches.filter((s) => s.id !== id) })
      return { previous }
    },
    onError: (_e, _id, ctx) => {
      if (ctx?.previous) qc.setQueryData(garageKey, ctx.previous)
    },
    onSettled: () => void qc.invalidateQueries({ queryKey: garageKey }),
  })
}

// markSeen records that the visitor opened a saved search (its "new" count
// starts again from now). Failure is harmless: the badge stays.
export function markSeen(id: number) {
  return apiFetch<void>(`/api/saved-searches/${id}/seen`, { method: 'POST' }).catch(() => undefined)
}
