import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useDocumentTitle } from '@/lib/document-title'
import { useSite } from '@/lib/site'
import { useGarage } from '../api/garage'
import { useSession } from '../api/session'
import { GarageList, type GarageCard } from './garage-page'
import { garagePath, offersGarage } from './account-link'

// WatchlistPage is where 'View List' leads: the visitor's saved cars as
// cards, each with its remove button.
export function WatchlistPage({ Card, intro }: { Card: GarageCard; intro?: ReactNode }) {
  const site = useSite()
  const session = useSession()
  const garage = useGarage(session.status === 'signed-in')
  useDocumentTitle(`Watchlist | ${site.name}`)
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold">Watchlist</h1>
        {intro && <div className="max-w-3xl text-muted-foreground">{intro}</div>}
      </div>
      {garage.isPending && (
        <p role="status" className="text-muted-foreground">
          Loading your watchlist…
        </p>
      )}
      {garage.isError && <p role="alert">Your watchlist could not be loaded. Please try again.</p>}
      {garage.data && <GarageList cars={garage.data.watchlist} Card={Card} />}
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
