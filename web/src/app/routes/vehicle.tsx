import { lazy, Suspense, useState, type ComponentProps } from 'react'
import { useParams } from 'react-router'
import { CarCardSkeleton } from '@/components/car-card/car-card-skeleton'
import { WatchlistButton } from '@/features/account/components/watchlist-button'
import type { WatchlistCard as WatchlistCardType } from './watchlist-card'
import { CarMedia } from '@/features/car-media'
import { Deferred } from '@/components/deferred'
import { CarFinance } from '@/features/finance/components/car-finance'
import { CarLoanScope } from '@/features/finance/lib/car-loan'
import { WeeklyChip } from '@/features/finance/components/weekly-chip'
import { LeadDialog, sendEvent } from '@/features/leads/dialog'
import { askMessage as deliveryAskMessage } from '@/features/delivery/lib/ask-message'
import { Button } from '@/components/ui/button'
import { openChat } from '@/features/chat'
import type { CarDetail, Site } from '@/lib/api'
import { VehiclePage } from '@/features/vehicle/components/vehicle-page'
import type { VehicleSlots } from '@/features/vehicle/components/slots'
import { NotFound } from './not-found'
import { viewLoader } from '../view-loader'
import { loadCar } from './view-data'

// Only a sold car's page shows the similar-car form inline; it loads then.
const FindSimilarForm = lazy(() => import('@/features/leads').then((m) => ({ default: m.FindSimilarForm })))

// The calculators sit below the first screen: each loads once the page is
// idle or its place nears the viewport, its box holding the space till then.
const FinanceCalculator = lazy(() => import('@/features/finance/components/finance-calculator').then((m) => ({ default: m.FinanceCalculator })))
const DeliveryCalculator = lazy(() => import('@/features/delivery/components/delivery-calculator').then((m) => ({ default: m.DeliveryCalculator })))
const FuelCalculator = lazy(() => import('@/features/fuel/components/fuel-calculator').then((m) => ({ default: m.FuelCalculator })))
const PriceHistory = lazy(() => import('@/features/vehicle/components/price-history').then((m) => ({ default: m.PriceHistory })))

// The similar cars' cards sit below the first screen and draw once their
// answer is in: the card component loads then, a skeleton holding its place.
const LazyWatchlistCard = lazy(() => import('./watchlist-card').then((m) => ({ default: m.WatchlistCard })))
function SimilarCard(props: ComponentProps<typeof WatchlistCardType>) {
  return (
    <Suspense fallback={<CarCardSkeleton />}>
      <LazyWatchlistCard {...props} />
    </Suspense>
  )
}

// A car without real photos shows the 'request photos' tile
// (docs/behaviour/errors.md#image-fallback); its button opens the Request
// Photos dialog for that car.
function MediaWithPhotoRequest({ car, site }: { car: CarDetail; site: Site }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <CarMedia car={car} site={site} onRequestPhotos={() => setOpen(true)} sizes="(min-width: 1280px) 860px, (min-width: 1024px) 60vw, 100vw" />
      <LeadDialog kind="request_photos" car={car} open={open} onOpenChange={setOpen} />
    </>
  )
}

// A postcode the delivery calculator cannot price: the car's enquiry opens
// with the postcode in its message, so the dealer can quote it by hand.
function AskAboutDelivery({ car, postcode }: { car: CarDetail; postcode: string }) {
  return (
    <LeadDialog
      key={postcode}
      kind="enquiry"
      car={car}
      title="Ask About Delivery"
      message={deliveryAskMessage(postcode)}
      trigger={<Button variant="outline">Ask about delivery to {postcode}</Button>}
    />
  )
}

// The vehicle page composes the features that fill its slots.
const slots: VehicleSlots = {
  media: ({ car, site }) => <MediaWithPhotoRequest car={car} site={site} />,
  leadDialog: ({ kind, car, title, trigger }) => <LeadDialog kind={kind} car={car} title={title} trigger={trigger} />,
  openChat: (car) => openChat(car),
  findSimilar: ({ car }) => (
    <Suspense fallback={null}>
      <FindSimilarForm car={car} />
    </Suspense>
  ),
  // The estimate, or on sites with the quote feature the car's indicative
  // quote (docs/behaviour/calls.md: asked for when no quote exists and the price is above 0).
  financeScope: ({ car, children }) => <CarLoanScope key={car.id}>{children}</CarLoanScope>,
  financeEstimate: ({ car, site }) => <CarFinance car={car} site={site} />,
  weeklyChip: ({ car, site }) => <WeeklyChip car={car} site={site} />,
  priceHistory: ({ car }) => (
    <Deferred minHeight={`${170 + 33 * car.price_history.length}px`}>
      <PriceHistory car={car} />
    </Deferred>
  ),
  financeCalculator: ({ car, site }) => (
    <Deferred minHeight="44rem">
      <FinanceCalculator car={car} site={site} />
    </Deferred>
  ),
  deliveryCalculator: ({ car }) => (
    <Deferred minHeight="16rem">
      <DeliveryCalculator car={car} askDealer={(postcode) => <AskAboutDelivery car={car} postcode={postcode} />} />
    </Deferred>
  ),
  fuelCalculator: ({ car }) => (
    <Deferred minHeight="24rem">
      <FuelCalculator car={car} />
    </Deferred>
  ),
  track: (eventId, car) => void sendEvent(eventId, car),
  watchlist: ({ car, name }) => <WatchlistButton carId={car.id} name={name} />,
  Card: SimilarCard,
  CardSkeleton: CarCardSkeleton,
}

export function Component() {
  const { slug = '' } = useParams()
  return <VehiclePage key={slug} slug={slug} slots={slots} notFound={<NotFound />} />
}

// The car, and the parts drawn beside it.
export const loader = viewLoader((n) => loadCar(n, n.params.slug ?? '', true))
