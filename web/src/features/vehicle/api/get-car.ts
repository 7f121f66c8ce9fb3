import { useQuery } from '@tanstack/react-query'
import { carQueryOptions } from '@/lib/queries'

export function useCar(slug: string) {
  return useQuery(carQueryOptions(slug))
}
