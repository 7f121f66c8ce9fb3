import { Phone, RotateCcw, ShieldCheck } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { imageSrcSet, imageUrl } from '@/lib/car-format'
import { LeadForm, useLeadCar } from '@/features/leads'
import type { CarDetail, Site } from '@/lib/api'
import { listingSlug } from '@/lib/listing-slug'
import { useSite } from '@/lib/site'
import { checkoutEligibility, modeWords, reserveDeposit, type CheckoutMode } from '../lib/checkout'

type Props = {
  // The car's slug from the URL; '' when the URL names none.
  slug: string
  mode: CheckoutMode
  // The site's not-found page, for a car it does not show.
  notFound: ReactNode
}

// CheckoutPage reserves or starts buying one car online
// (docs/behaviour/screens.md#route-checkout): the car,
// the buyer's contact details, the deposit and return terms, and how the
// deposit is paid. Nothing is charged here; the lead goes to the dealer,
// who contacts the buyer to take the deposit and confirms the reservation.
// The car is never marked reserved by the visitor.
export function CheckoutPage({ slug, mode, notFound }: Props) {
  const site = useSite()
  const car = useLeadCar(slug)
  const words = modeWords[mode]
  if (!slug) return <>{notFound}</>
  if (car.isPending) {
    return (
      <Shell title={words.title}>
        <p role="status" className="text-muted-foreground">
          Loading the car…
        </p>
      </Shell>
    )
  }
  if (car.isError) {
    // An unknown car is the site's not-found page; anything else can be retried.
    if ('status' in car.error && car.error.status === 404) return <>{notFound}</>
    return (
      <Shell title={words.title}>
        <div role="alert" className="rounded-lg border border-destructive/40 p-6">
          <p className="font-medium">The car could not be loaded. Please try again.</p>
          <Button variant="outline" className="mt-3" onClick={() => void car.refetch()}>
            Try again
          </Button>
        </div>
      </Shell>
    )
  }
  const c = car.data
  const eligibility = checkoutEligibility(c, site)
  if (!eligibility.eligible) {
    return (
      <Shell title={words.title}>
        <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
          <CarSummary car={c} />
          <div role="status" className="rounded-lg border bg-muted/40 p-6" data-testid="checkout-ineligible">
            <h2 className="text-xl font-semibold">This car cannot be reserved online</h2>
            <p className="mt-2">{eligibility.message}</p>
            <div className="mt-4 flex flex-wrap gap-3">
              <Button asChild>
                <Link to={`/cars/${c.slug}`}>Back to the car</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to={similarPath(c)}>
                  See similar {c.make} {c.model} cars
                </Link>
              </Button>
            </div>
          </div>
        </div>
      </Shell>
    )
  }
  const deposit = reserveDeposit(site)
  return (
    <Shell title={words.title} intro={words.intro}>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <CarSummary car={c} />
        <div className="rounded-lg border bg-background p-5 shadow-sm sm:p-6">
          <h2 className="mb-4 text-xl font-semibold">Your details</h2>
          <LeadForm
            kind="reserve"
            car={c}
            title={words.title}
            submitLabel={words.submit}
            beforeConsent={<Terms site={site} deposit={deposit} />}
          />
        </div>
      </div>
    </Shell>
  )
}

function Shell({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold">{title}</h1>
      {intro ? <p className="mt-2 max-w-2xl text-muted-foreground">{intro}</p> : null}
      <div className="mt-6">{children}</div>
    </section>
  )
}

// similarPath: the listing of the car's make and model.
function similarPath(car: Pick<CarDetail, 'make' | 'model'>): string {
  return ['/search', listingSlug(car.make), listingSlug(car.model)].filter(Boolean).join('/')
}

function CarSummary({ car }: { car: CarDetail }) {
  const name = car.name || [car.year, car.make, car.model, car.badge].filter(Boolean).join(' ')
  const p = car.price_display
  return (
    <aside aria-label="Your car" className="h-fit overflow-hidden rounded-lg border bg-background shadow-sm">
      {car.primary_image_url ? (
        <img
          src={imageUrl(car.primary_image_url, 600)}
          srcSet={imageSrcSet(car.primary_image_url)}
          sizes="(min-width: 1024px) 400px, 100vw"
          alt={name}
          width={600}
          height={400}
          decoding="async"
          className="aspect-[3/2] w-full object-cover"
        />
      ) : (
        <div className="flex aspect-[3/2] items-center justify-center bg-muted text-sm text-muted-foreground">Photos coming soon</div>
      )}
      <div className="space-y-1 p-4">
        <p className="text-lg font-semibold">
          <Link to={`/cars/${car.slug}`} className="underline-offset-4 hover:underline">
            {name}
          </Link>
        </p>
        {p.label ? <p className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">{p.label}</p> : null}
        <p className="text-xl font-bold" data-testid="checkout-price">
          {p.text}
          {p.suffix ? <span className="ml-1 text-sm font-medium text-muted-foreground">{p.suffix}</span> : null}
          {p.price_type && !p.cash ? <span className="ml-1 text-sm font-medium text-muted-foreground">{p.price_type}</span> : null}
        </p>
        {p.cash ? (
          <p className="text-sm">
            Cash price <span className="font-semibold">{p.cash}</span> {p.price_type}
          </p>
        ) : null}
        {car.stocknum ? <p className="text-sm text-muted-foreground">Stock #{car.stocknum}</p> : null}
        {car.location_name ? <p className="text-sm text-muted-foreground">{car.location_name}</p> : null}
      </div>
    </aside>
  )
}

// Terms: the deposit, the return offer where the site makes one, and
// plainly how the deposit is paid: not here, but to the dealer, who calls.
function Terms({ site, deposit }: { site: Site; deposit: string }) {
  const returns = site.wording.return_terms?.trim() ?? ''
  return (
    <div className="space-y-4 rounded-md border bg-muted/40 p-4 text-sm">
      <div className="flex gap-3">
        <ShieldCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
        <div>
          <h3 className="font-semibold">Reserve with a {deposit} deposit</h3>
          <p className="mt-1" data-testid="reserve-deposit">
            A {deposit} deposit holds this car for you once {site.name} has confirmed your reservation.
          </p>
        </div>
      </div>
      {returns ? (
        <div className="flex gap-3">
          <RotateCcw aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
          <div>
            <h3 className="font-semibold">Return terms</h3>
            <p className="mt-1" data-testid="return-terms">
              {returns}
            </p>
          </div>
        </div>
      ) : null}
      <div className="flex gap-3">
        <Phone aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
        <div>
          <h3 className="font-semibold">How you pay the deposit</h3>
          <p className="mt-1" data-testid="deposit-payment">
            Nothing is charged on this website. After you send this request, {site.name} contacts you to take the {deposit} deposit by card
            over the phone or by bank transfer.
          </p>
        </div>
      </div>
    </div>
  )
}
