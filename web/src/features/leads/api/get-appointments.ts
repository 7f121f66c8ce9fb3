import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api'

// A free test-drive slot: `value` is what the lead sends as dateTime,
// `label` what the visitor reads.
export type Slot = { value: string; label: string }

type RawSlot = string | { start?: string; time?: string; date_time?: string; dateTime?: string; label?: string; available?: boolean }

export function timeLabel(v: string): string {
  const m = /T?(\d{2}):(\d{2})/.exec(v.includes('T') ? v.slice(v.indexOf('T')) : v)
  if (!m) return v
  const h = Number(m[1])
  const suffix = h >= 12 ? 'pm' : 'am'
  const h12 = h % 12 === 0 ? 12 : h % 12
  return `${h12}:${m[2]} ${suffix}`
}

// toSlots reads GET /api/appointments ({slots: [{start, label, available}]},
// start in the site's zone) into the free times; a bare list is read too.
export function toSlots(data: unknown, date: string): Slot[] {
  const list: unknown = Array.isArray(data) ? data : (data as { slots?: unknown } | null)?.slots
  if (!Array.isArray(list)) return []
  const out: Slot[] = []
  for (const raw of list as RawSlot[]) {
    if (typeof raw === 'object' && raw?.available === false) continue // booked or already begun
    const v = typeof raw === 'string' ? raw : raw?.start || raw?.date_time || raw?.dateTime || raw?.time || ''
    if (!v) continue
    const value = v.includes('T') || !/^\d{2}:\d{2}/.test(v) ? v : `${date}T${v}`
    const label = typeof raw === 'object' && raw?.label ? raw.label : timeLabel(v)
    out.push({ value, label })
  }
  return out
}

export function appointmentsQueryOptions(locationId: number, date: string) {
  return queryOptions({
    queryKey: ['appointments', locationId, date],
    queryFn: async () =>
      toSlots(await apiFetch<unknown>(`/api/appointments?location_id=${locationId}&date=${encodeURIComponent(date)}`), date),
    staleTime: 30_000,
  })
}

export function useAppointments(locationId: number | undefined, date: string) {
  return useQuery({
    ...appointmentsQueryOptions(locationId ?? 0, date),
    enabled: Boolean(locationId && /^\d{4}-\d{2}-\d{2}$/.test(date)),
  })
}
