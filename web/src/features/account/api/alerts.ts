import { queryKeys } from '@/lib/query-keys'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { useSearchesChange } from './garage'
import type { AlertSetting, AlertSettings } from './types'

// Alerts by SMS (docs/behaviour/http.md#alerts): each saved search's
// setting, the price-drop setting, and the stop link's calls.

export const alertSettingsKey = queryKeys.alertSettings()

export const alertSettingsQueryOptions = () =>
  queryOptions({
    queryKey: alertSettingsKey,
    queryFn: ({ signal }) => api('get', '/api/me/alerts', { signal }),
  })

export function useAlertSettings(signedIn: boolean) {
  return useQuery({ ...alertSettingsQueryOptions(), enabled: signedIn })
}

// useSetPriceDrops turns price-drop alerts on or off, showing the change at
// once and putting it back when the server refuses.
export function useSetPriceDrops() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (on: boolean) => api('put', '/api/me/alerts', { body: { price_drops: on } }),
    onMutate: async (on) => {
      await qc.cancelQueries({ queryKey: alertSettingsKey })
      const previous = qc.getQueryData<AlertSettings>(alertSettingsKey)
      qc.setQueryData<AlertSettings>(alertSettingsKey, { price_drops: on })
      return { previous }
    },
    onError: (_e, _on, ctx) => {
      if (ctx?.previous) qc.setQueryData(alertSettingsKey, ctx.previous)
    },
    onSettled: () => void qc.invalidateQueries({ queryKey: alertSettingsKey }),
  })
}

// useSetSearchAlert changes a saved search's alert, optimistically.
export function useSetSearchAlert() {
  return useSearchesChange(
    ({ id, alert }: { id: number; alert: AlertSetting }) => api('patch', '/api/saved-searches/{id}', { params: { id }, body: { alert } }),
    (searches, { id, alert }) => searches.map((s) => (s.id === id ? { ...s, alert } : s)),
  )
}

// useStopAlert is the stop link's one call, by its token, without
// sign-in: the page calls it as it opens. Turning an alert back on needs
// sign-in (docs/behaviour/http.md#alert-stop-links).
export function useStopAlert() {
  return useMutation({
    mutationFn: (token: string) => api('post', '/api/alerts/stop', { body: { token } }),
  })
}
