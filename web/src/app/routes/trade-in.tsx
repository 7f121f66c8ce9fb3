import { useLocation, useSearchParams } from 'react-router'
import { TradeInPage } from '@/features/trade-in'
import { useDocumentTitle } from '@/lib/document-title'
import { useSite } from '@/lib/site'
import { usePageHandle } from './page-handle'
import { fetchInto, viewLoader } from '../view-loader'
import { tradeInOptionsQuery, tradeInTargetCarQuery } from '@/features/trade-in/api/trade-in'

// /trade-in, /sell-my-car, /instant-price and /cars/trade-in?car_id=.
export function Component() {
  const site = useSite()
  const handle = usePageHandle()
  const [params] = useSearchParams()
  const forCar = useLocation().pathname.replace(/\/$/, '') === '/cars/trade-in'
  useDocumentTitle(`${handle.title} | ${site.name}`)
  return <TradeInPage title={handle.title} carId={params.get('car_id')} forCar={forCar} />
}

export const loader = viewLoader(async ({ client, url }) => {
  const carId = url.searchParams.get('car_id')
  const forCar = url.pathname.replace(/\/$/, '') === '/cars/trade-in'
  await Promise.all([fetchInto(client, tradeInOptionsQuery()), forCar && carId ? fetchInto(client, tradeInTargetCarQuery(carId)) : undefined])
})
