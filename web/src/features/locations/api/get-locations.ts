import { queryKeys } from '@/lib/query-keys'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, type LocationWithHours } from '@/lib/api'

// locationsQueryOptions is the site's shown locations with their hours: the
// config a page carries leaves the hours out (docs/behaviour/http.md#page-config).
export const locationsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.locations(),
    queryFn: ({ signal }) => api('get', '/api/locations', { signal }).then((r) => r.locations),
    staleTime: 5 * 60_000,
  })

type Hours = Pick<LocationWithHours['contact_detail'], 'opening_hours' | 'special_hours'>

// useLocationHours is one location's opening and holiday hours: hours is
// undefined while they load, and failed says they could not be had (or
// the site no longer shows the location).
export function useLocationHours(id: number): { hours?: Hours; failed: boolean } {
  const { data, isError } = useQuery(locationsQueryOptions())
  const hours = data?.find((l) => l.id === id)?.contact_detail
  return { hours, failed: isError || (data !== undefined && !hours) }
}
