import { useParams } from 'react-router'
import { CarCard, CarCardSkeleton } from '@/features/car-card'
import { CarMedia } from '@/features/car-media'
import { VehiclePage, type VehicleSlots } from '@/features/vehicle'
import { NotFound } from './not-found'

// The vehicle page composes the features that fill its slots.
const slots: VehicleSlots = {
  media: ({ car, site }) => <CarMedia car={car} site={site} sizes="(min-width: 1280px) 860px, (min-width: 1024px) 60vw, 100vw" />,
  Card: CarCard,
  CardSkeleton: CarCardSkeleton,
}

export function Component() {
  const { slug = '' } = useParams()
  return <VehiclePage key={slug} slug={slug} slots={slots} notFound={<NotFound />} />
}
