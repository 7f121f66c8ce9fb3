import { queryKeys } from '@/lib/query-keys'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'

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
    queryKey: queryKeys.appointments(locationId, date),
    queryFn: async () =>
      toSlots(await api('get', '/api/appointments', { query: `location_id=${locationId}&date=${encodeURIComponent(date)}` }), date),
    staleTime: 30_000,
  })
}

export function useAppointments(locationId: number | undefined, date: string) {
  return useQuery({
    ...appointmentsQueryOptions(locationId ?? 0, date),
    enabled: Boolean(locationId && /^\d{4}-\d{2}-\d{2}$/.test(date)),
  })
}

// BookingWindow is GET /api/appointments/days: the days from `from` to `to`
// (YYYY-MM-DD, the site's zone) and, among them, those with a free time.
export type BookingWindow = { from: string; to: string; days: string[] }

export function openDaysQueryOptions(locationId: number) {
  return queryOptions({
    queryKey: queryKeys.appointmentDays(locationId),
    queryFn: async () => {
      const w = await api('get', '/api/appointments/days', { query: `location_id=${locationId}` })
      return { from: w.from ?? '', to: w.to ?? '', days: Array.isArray(w.days) ? w.days : [] } satisfies BookingWindow
    },
    staleTime: 60_000,
    // The open days change by the hour, and a drawn page is kept for the
    // next visitor: the browser asks for them (docs/rendering.md).
    meta: { ssr: false },
  })
}

export function useOpenDays(locationId: number | undefined) {
  return useQuery({ ...openDaysQueryOptions(locationId ?? 0), enabled: Boolean(locationId) })
}

// dayLabel reads a YYYY-MM-DD date as 'Monday 30 November 2026'.
export function dayLabel(date: string): string {
  const d = new Date(`${date}T00:00:00`)
  if (Number.isNaN(d.getTime())) return date
  return d.toLocaleDateString('en-AU', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
}

export type DateProblem = { reason: 'past' | 'far' | 'closed'; next?: string }

// dateProblem says why a typed date cannot be booked (passed, beyond the
// window, or not one of the location's open days) and which open day
// comes next; null when it can be, or while the window is not known.
export function dateProblem(date: string, win: BookingWindow | undefined): DateProblem | null {
  if (!win || !/^\d{4}-\d{2}-\d{2}$/.test(date) || win.days.includes(date)) return null
  const next = win.days.find((d) => d > date) ?? win.days[0]
  const reason = win.from && date < win.from ? 'past' : win.to && date > win.to ? 'far' : 'closed'
  return next ? { reason, next } : { reason }
}

// dateProblemMessage words a DateProblem naming the field, the day and
// the location: docs/behaviour/validation.md#bookings.
export function dateProblemMessage(date: string, p: DateProblem, where: string): string {
  const why =
    p.reason === 'past'
      ? `${dayLabel(date)} has passed`
      : p.reason === 'far'
        ? `${dayLabel(date)} is too far ahead to book`
        : `${where ? `${where} is` : 'We are'} closed on ${dayLabel(date)}`
  return `Preferred Date: ${why}. ${p.next ? `The next open day is ${dayLabel(p.next)}.` : 'There are no open days to book.'}`
}
