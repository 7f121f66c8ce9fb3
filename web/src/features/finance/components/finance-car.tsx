import { queryKeys } from '@/lib/query-keys'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api'
import { cn } from '@/lib/utils'
import { dollars } from '../lib/maths'
import type { FinanceCar } from '../types'
import { imageUrl, sizedSrcSet } from '@/lib/image'
import { cardImageWidths } from '@/lib/car-format'

// getFinanceCar reads the car a finance link names by car_id.
export function getFinanceCar(id: number, signal?: AbortSignal): Promise<{ car: FinanceCar }> {
  return api('get', '/api/finance/cars/{id}', { params: { id }, signal })
}

// The finance view's loader fetches it ahead too (src/app/routes/finance.tsx).
export const financeCarQueryOptions = (id: number | null) =>
  queryOptions({
    queryKey: queryKeys.financeCar(id),
    queryFn: ({ signal }) => getFinanceCar(id as number, signal).then((r) => r.car),
    retry: false,
    staleTime: 60_000,
  })

// useFinanceCar loads that car; no id, no request.
export function useFinanceCar(id: number | null) {
  return useQuery({ ...financeCarQueryOptions(id), enabled: id !== null })
}

// FinanceCarSummary is the car at the top of the personalised finance page.
export function FinanceCarSummary({ car, className }: { car: FinanceCar; className?: string }) {
  const title = [car.year, car.make, car.model, car.badge].filter(Boolean).join(' ') || car.name || 'Your car'
  return (
    <div className={cn('flex flex-col gap-4 rounded-lg border border-border p-4 sm:flex-row sm:items-center', className)}>
      {car.primary_image_url ? (
        <img
          src={imageUrl(car.primary_image_url, 400)}
          srcSet={sizedSrcSet(car.primary_image_url, cardImageWidths)}
          sizes="(min-width: 640px) 240px, 100vw"
          alt={title}
          width={240}
          height={160}
          decoding="async"
          className="aspect-[3/2] w-full rounded-md object-cover sm:w-60"
        />
      ) : null}
      <div className="space-y-1">
        <p className="text-sm font-medium uppercase text-muted-foreground">{car.car_type}</p>
        <h2 className="text-lg font-semibold">{title}</h2>
        {car.price > 0 ? <p className="text-xl font-bold tabular-nums">{dollars(car.price)}</p> : null}
        {car.slug ? (
          <a href={`/cars/${car.slug}`} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            View this car
          </a>
        ) : null}
      </div>
    </div>
  )
}
