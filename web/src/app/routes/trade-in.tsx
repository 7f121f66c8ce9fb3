import { useLocation, useSearchParams } from 'react-router'
import { TradeInPage } from '@/features/trade-in'
import { useDocumentTitle } from '@/lib/document-title'
import { useSite } from '@/lib/site'
import { usePageHandle } from './page-handle'

// /trade-in, /sell-my-car, /instant-price and /cars/trade-in?car_id=.
export function Component() {
  const site = useSite()
  const handle = usePageHandle()
  const [params] = useSearchParams()
  const forCar = useLocation().pathname.replace(/\/$/, '') === '/cars/trade-in'
  useDocumentTitle(`${handle.title} | ${site.name}`)
  return <TradeInPage title={handle.title} carId={params.get('car_id')} forCar={forCar} />
}
