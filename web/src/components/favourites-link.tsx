import { Heart } from 'lucide-react'
import { Link } from 'react-router'
import { useSavedCars } from '@/lib/saved-cars'
import { useSite } from '@/lib/site'
import { favouritesPath, offersFavourites } from '@/lib/favourites'

// FavouritesLink is the header's heart: the way to /favourites with the
// number of saved cars, only where the site offers the page.
export function FavouritesLink() {
  const site = useSite()
  if (!offersFavourites(site)) return null
  return <FavouritesLinkInner />
}

function FavouritesLinkInner() {
  const count = useSavedCars('favourites').length
  const name = count > 0 ? `Favourites (${count})` : 'Favourites'
  return (
    <Link
      to={favouritesPath}
      aria-label={name}
      className="relative inline-flex items-center rounded-md p-2 text-sm font-semibold hover:bg-header-foreground/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <Heart aria-hidden className="size-5 sm:size-4" />
      {count > 0 && (
        // A badge on the heart, so the count takes no width from the
        // site's name on a phone's header.
        <span
          aria-hidden
          className="absolute right-0 top-0 min-w-4 rounded-full bg-header-foreground px-1 text-center text-[10px] font-bold leading-4 text-header tabular-nums"
        >
          {count}
        </span>
      )}
    </Link>
  )
}
