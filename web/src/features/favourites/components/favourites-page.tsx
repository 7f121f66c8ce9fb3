import { Camera, Heart, X } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { imageSrcSet, imageUrl } from '@/lib/car-format'
import { useDocumentTitle } from '@/lib/document-title'
import { clearSavedCars, removeSavedCar, useSavedCars, type SavedCar } from '@/lib/saved-cars'
import { useSite } from '@/lib/site'

// FavouritesPage shows the visitor's local lists (docs/behaviour/entities.md, Local
// records): the favourites they saved and the cars they viewed lately. No
// server call: each entry keeps what its small card needs, so a favourite
// whose car has since sold still shows.
export function FavouritesPage({ intro }: { intro?: ReactNode }) {
  const site = useSite()
  const favourites = useSavedCars('favourites')
  const viewed = useSavedCars('viewed')
  useDocumentTitle(`Favourites | ${site.name}`)
  return (
    <div className="mx-auto max-w-7xl space-y-10 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold">Favourites</h1>
        {intro && <div className="max-w-3xl text-muted-foreground">{intro}</div>}
      </div>
      <section aria-labelledby="favourites-heading" className="space-y-4">
        <h2 id="favourites-heading" className="text-2xl font-semibold">
          Your favourites
        </h2>
        {favourites.length === 0 ? (
          <p className="text-muted-foreground">
            No favourites yet. Tap the heart on a car to keep it here.{' '}
            <Link to="/search" className="font-medium text-foreground underline underline-offset-4">
              Search cars
            </Link>
          </p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {favourites.map((car) => (
              <li key={car.id}>
                <SmallCard car={car}>
                  <Button variant="ghost" size="sm" onClick={() => removeSavedCar('favourites', car.id)} aria-label={`Remove ${car.name} from favourites`}>
                    <Heart aria-hidden className="fill-current" />
                    Remove
                  </Button>
                </SmallCard>
              </li>
            ))}
          </ul>
        )}
      </section>
      {viewed.length > 0 && (
        <section aria-labelledby="viewed-heading" className="space-y-4">
          <div className="flex items-center justify-between gap-4">
            <h2 id="viewed-heading" className="text-2xl font-semibold">
              Recently viewed
            </h2>
            <Button variant="outline" size="sm" onClick={() => clearSavedCars('viewed')}>
              <X aria-hidden />
              Clear
            </Button>
          </div>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {viewed.map((car) => (
              <li key={car.id}>
                <SmallCard car={car} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}

function SmallCard({ car, children }: { car: SavedCar; children?: ReactNode }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-lg border bg-card text-card-foreground">
      <div className="aspect-[4/3] bg-muted">
        {car.primary_image_url ? (
          <img
            src={imageUrl(car.primary_image_url, 400)}
            srcSet={imageSrcSet(car.primary_image_url)}
            sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
            alt=""
            width={400}
            height={300}
            loading="lazy"
            decoding="async"
            className="size-full object-cover"
          />
        ) : (
          <div className="flex size-full items-center justify-center text-muted-foreground">
            <Camera aria-hidden className="size-8" />
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <h3 className="font-semibold leading-snug">
          <Link to={`/cars/${car.slug}`} className="hover:underline">
            {car.name}
          </Link>
        </h3>
        {car.price_text && <p className="text-sm font-medium">{car.price_text}</p>}
        {children && <div className="mt-auto">{children}</div>}
      </div>
    </article>
  )
}
