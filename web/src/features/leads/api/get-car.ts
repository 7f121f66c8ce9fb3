import { useQuery } from '@tanstack/react-query'
import { carQueryOptions } from '@/lib/queries'

// useLeadCar loads the car a form page is about (e.g. /book-test-drive/?car_id={slug}).
export function useLeadCar(slug: string) {
  return useQuery({ ...carQueryOptions(slug), enabled: slug !== '' })
}
