import { useSite } from '@/lib/site'
import { useSession } from '@/lib/session'
import { useWatchlist } from '../api/watchlist'
import { WatchlistButton } from './watchlist-button'

// CardWatchlist is a result card's watchlist button, where the site has
// the watchlist. A sold car shows it only when it is already saved.
export function CardWatchlist({ carId, name, available = true }: { carId: number; name: string; available?: boolean }) {
  const site = useSite()
  if (!site.features.watchlist) return null
  if (!available) return <SoldCardWatchlist carId={carId} name={name} />
  return <WatchlistButton carId={carId} name={name} look="icon" />
}

function SoldCardWatchlist({ carId, name }: { carId: number; name: string }) {
  const session = useSession()
  const list = useWatchlist(session.status === 'signed-in')
  if (!(list.data?.car_ids ?? []).includes(carId)) return null
  return <WatchlistButton carId={carId} name={name} look="icon" />
}
