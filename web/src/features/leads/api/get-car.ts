import { useQuery } from '@tanstack/react-query'
import { apiFetch, type CarDetail } from '@/lib/api'

// useLeadCar loads the car a form page is about (e.g. /book-test-drive/?car_id={slug}).
export function useLeadCar(slug: string) {
  return useQuery({
    queryKey: ['car', slug],
    queryFn: async () => (await apiFetch<{ car: CarDetail }>(`/api/cars/${encodeURIComponent(slug)}`)).car,
    enabled: slug !== '',
    staleTime: 60_000,
  })
}
