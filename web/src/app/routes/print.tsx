import { useSearchParams } from 'react-router'
import { PrintView } from '@/features/vehicle'

export function Component() {
  const [params] = useSearchParams()
  return <PrintView slug={params.get('car_id') ?? ''} />
}
