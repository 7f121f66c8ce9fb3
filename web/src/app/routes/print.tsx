import { useSearchParams } from 'react-router'
import { PrintView } from '@/features/vehicle'
import { useSite } from '@/lib/site'
import { NotFound } from './not-found'
import { viewLoader } from '../view-loader'
import { loadCar } from './view-data'

export function Component() {
  const site = useSite()
  const [params] = useSearchParams()
  const slug = params.get('car_id') ?? ''
  // No car, or a site that does not print: the site's 404, as the server answers.
  if (!slug || !site.features.print_pdf) return <NotFound />
  return <PrintView slug={slug} notFound={<NotFound />} />
}

export const loader = viewLoader((n) => loadCar(n, n.url.searchParams.get('car_id') ?? ''))
