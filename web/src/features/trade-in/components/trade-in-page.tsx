import { Link } from 'react-router'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useTradeInTargetCar, type TradeInTargetCar } from '../api/trade-in'
import { TradeInFlow } from './trade-in-flow'
import { sizedImage } from '@/lib/image'
import { useSite } from '@/lib/site'
import { nounTitle } from '../lib/flow'

export interface TradeInPageProps {
  title: string
  // /cars/trade-in?car_id=: the car the trade-in goes towards. null on the
  // general pages (/trade-in, /sell-my-car, /instant-price).
  carId: string | null
  // True on /cars/trade-in, which needs a car.
  forCar?: boolean
}

// TradeInPage frames the valuation flow. On /cars/trade-in it first checks
// the car is in stock or coming soon (docs/behaviour/screens.md).
export function TradeInPage({ title, carId, forCar = false }: TradeInPageProps) {
  const target = useTradeInTargetCar(forCar ? carId : null)
  const noun = useSite().wording.stock_noun || 'car'
  let body
  if (forCar && !carId) {
    body = <Unavailable text="Please choose a car from our stock to trade in towards." />
  } else if (forCar && target.isPending) {
    body = <Spinner label="Loading the car" />
  } else if (forCar && (target.isError || !target.data)) {
    body = <Unavailable text="We couldn't find that car. It may have been removed from our website." />
  } else if (forCar && target.data && !target.data.available) {
    body = (
      <Unavailable
        text={`The ${target.data.name} is no longer available, so we can't value a trade-in towards it. You can still get an instant price for your car.`}
      />
    )
  } else {
    body = (
      <>
        {target.data ? <TargetCar car={target.data} /> : null}
        <TradeInFlow targetCar={target.data ? { id: target.data.id, name: target.data.name } : undefined} />
      </>
    )
  }
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-bold sm:text-3xl">{nounTitle(title, noun)}</h1>
      <p className="mt-2 mb-8 text-muted-foreground">
        Tell us about your {noun} and get an instant trade-in price range in about a minute.
      </p>
      {body}
    </div>
  )
}

// TargetCar shows, before the first step, the car the trade-in goes towards:
// the valuation and its lead are for this car (docs/behaviour/screens.md).
function TargetCar({ car }: { car: TradeInTargetCar }) {
  return (
    <figure aria-label="Trading in towards" className="mb-6 flex items-center gap-4 rounded-lg border bg-muted/40 p-3">
      {car.primary_image_url ? (
        <img src={sizedImage(car.primary_image_url, 240)} alt="" width={120} height={90} decoding="async" className="h-[90px] w-[120px] shrink-0 rounded-md object-cover" />
      ) : null}
      <figcaption className="min-w-0">
        <span className="block text-sm text-muted-foreground">Trading in towards</span>
        <Link to={`/cars/${car.slug}`} className="font-semibold text-foreground underline-offset-2 hover:underline">
          {car.name}
        </Link>
      </figcaption>
    </figure>
  )
}

function Unavailable({ text }: { text: string }) {
  return (
    <div className="space-y-4">
      <Alert>
        <AlertTitle>Trade-in not available for this car</AlertTitle>
        <AlertDescription>{text}</AlertDescription>
      </Alert>
      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <Link to="/trade-in">Value my car</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/search/new-used-and-demo-cars/">Browse our stock</Link>
        </Button>
      </div>
    </div>
  )
}
