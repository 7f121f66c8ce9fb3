import type { ComponentProps } from 'react'
import { CardWatchlist } from '@/features/account/components/card-watchlist'
import { CarCard, carTitle } from '@/components/car-card'

// WatchlistCard is the listings' car card with the watchlist button where
// the site has the watchlist (the two features meet here).
export function WatchlistCard(props: ComponentProps<typeof CarCard>) {
  const { hit } = props
  return <CarCard {...props} extra={<CardWatchlist carId={hit.id} name={carTitle(hit)} available={hit.available} />} />
}
