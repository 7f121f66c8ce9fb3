import { useLocation, useParams } from 'react-router'
import { CarCard, CarCardSkeleton } from '@/features/car-card'
import { SearchPage, type CardComponents } from '@/features/search'
import { pageTitle, usePageHandle } from './page-handle'

// The listing shows car cards; the app composes the two features.
const cards: CardComponents = { Card: CarCard, Skeleton: CarCardSkeleton }

export function Component() {
  const handle = usePageHandle()
  const title = pageTitle(handle, useLocation().pathname, useParams())
  return <SearchPage cards={cards} fallbackTitle={title} />
}
