import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { defaultSearchPath } from '@/config/paths'
import { useSite } from '@/lib/site'
import { currentOffers, siteToday } from '@/lib/offered-pages'
import { sizedImage, sizedSrcSet } from '@/lib/image'

function formatDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`)
  return Number.isNaN(d.getTime()) ? day : d.toLocaleDateString('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
}

// OffersList shows the site's offers whose date window holds today.
export function OffersList() {
  const site = useSite()
  const offers = currentOffers(site, siteToday(site))
  if (offers.length === 0) {
    // The catalogue's general no-results state, in its own words.
    return (
      <section aria-labelledby="no-offers-title" className="mt-8 rounded-lg border bg-muted/50 px-6 py-12 text-center">
        <h2 id="no-offers-title" className="text-xl font-semibold">
          No Results Available
        </h2>
        <p className="mx-auto mt-2 max-w-md text-muted-foreground">
          There appears to be no offers currently available that meet the conditions of your search
        </p>
        <Button asChild className="mt-6">
          <Link to={site.search.default_path || defaultSearchPath}>Search stock</Link>
        </Button>
      </section>
    )
  }
  return (
    <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {offers.map((o) => (
        <li key={o.title} className="flex flex-col overflow-hidden rounded-lg border bg-background shadow-sm">
          {o.image ? <img src={sizedImage(o.image, 640)} srcSet={sizedSrcSet(o.image, [400, 640, 960])} sizes="(min-width: 768px) 50vw, 100vw" alt="" width={640} height={360} loading="lazy" decoding="async" className="aspect-video w-full object-cover" /> : null}
          <div className="flex flex-1 flex-col p-5">
            <h2 className="text-lg font-semibold">{o.title}</h2>
            {o.text ? <p className="mt-2 text-muted-foreground">{o.text}</p> : null}
            {o.expiry ? <p className="mt-3 text-sm">Offer ends {formatDay(o.expiry)}.</p> : null}
            {o.href ? (
              <Button asChild variant="outline" className="mt-auto self-start">
                <Link to={o.href} aria-label={`View offer: ${o.title}`}>
                  View offer
                </Link>
              </Button>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  )
}
