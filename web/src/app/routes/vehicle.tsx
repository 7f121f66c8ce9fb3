import { useParams } from 'react-router'
import { CarCard, CarCardSkeleton } from '@/features/car-card'
import { VehiclePage, type VehicleSlots } from '@/features/vehicle'
import { NotFound } from './not-found'

// The vehicle page composes the features that fill its slots.
const slots: VehicleSlots = {
  Card: CarCard,
  CardSkeleton: CarCardSkeleton,
}

export function Component() {
  const { slug = '' } = useParams()
  return <VehiclePage key={slug} slug={slug} slots={slots} notFound={<NotFound />} />
}
