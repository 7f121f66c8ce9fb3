import { useQueries } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useDocumentTitle } from '@/lib/document-title'
import { useSite } from '@/lib/site'
import { useSession } from '@/lib/session'
import { useWatchlist, watchedCarQueryOptions } from '../api/watchlist'
import { GarageList, type GarageCard } from './garage-page'
import { garagePath, offersGarage } from './account-link'

// WatchlistPage is where 'View List' leads: the visitor's saved cars as
// cards, each with its remove button. A removed car leaves at once.
export function WatchlistPage({ Card, intro }: { Card: GarageCard; intro?: ReactNode }) {
  const site = useSite()
  const session = useSession()
  const list = useWatchlist(session.status === 'signed-in')
  const ids = list.data?.car_ids ?? []
  const cars = useQueries({ queries: ids.map((id) => watchedCarQueryOptions(id)) })
  const loading = list.isPending || cars.some((c) => c.isPending)
  const shown = cars.flatMap((c) => (c.data ? [c.data] : []))
  useDocumentTitle(`Watchlist | ${site.name}`)
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold">Watchlist</h1>
        {intro && <div className="max-w-3xl text-muted-foreground">{intro}</div>}
      </div>
      {loading && (
        <p role="status" className="text-muted-foreground">
          Loading your watchlist…
        </p>
      )}
      {list.isError && <p role="alert">Your watchlist could not be loaded. Please try again.</p>}
      {!loading && list.isSuccess && (
        // docs/behaviour/accessibility.md#headings: the cards' titles are h3, so the list sits under an h2.
        <section aria-labelledby="watchlist-cars">
          <h2 id="watchlist-cars" className="sr-only">
            Saved cars
          </h2>
          <GarageList cars={shown} Card={Card} />
        </section>
      )}
      {offersGarage(site) && (
        <p>
          <Link to={garagePath} className="font-medium underline underline-offset-4">
            Go to My Garage
          </Link>
        </p>
      )}
    </div>
  )
}
