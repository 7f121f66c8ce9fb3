import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { ArrowRight } from 'lucide-react'
import { CarCard, CarCardSkeleton } from '@/components/car-card'
import { searchQueryOptions } from '@/lib/queries'

// featuredCount cars from the top of the site's default listing.
export const featuredCount = 4

// pickFeatured keeps the first cars in stock (the listing's own order, the
// dealer's default sort), leaving out sold and coming-soon cars.
export function pickFeatured<T extends { status: string }>(hits: readonly T[], n = featuredCount): T[] {
  return hits.filter((h) => h.status === 'in_stock').slice(0, n)
}

// FeaturedStock reads the same answer the listing and the stock menu read,
// so the three share one cached request.
export function FeaturedStock({ searchPath }: { searchPath: string }) {
  const { data, isPending } = useQuery(searchQueryOptions(searchPath, ''))
  const cars = data ? pickFeatured(data.hits) : []
  if (!isPending && cars.length === 0) return null
  return (
    <section aria-labelledby="featured-stock" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id="featured-stock" className="text-2xl font-semibold">
          Featured stock
        </h2>
        <Link to={searchPath} className="inline-flex items-center gap-1 text-sm font-medium underline underline-offset-2">
          View all stock
          <ArrowRight aria-hidden className="size-4" />
        </Link>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {isPending
          ? Array.from({ length: featuredCount }, (_, i) => (
              <li key={i}>
                <CarCardSkeleton />
              </li>
            ))
          : cars.map((hit) => (
              <li key={hit.id}>
                <CarCard hit={hit} />
              </li>
            ))}
      </ul>
    </section>
  )
}
