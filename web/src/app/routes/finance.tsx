import { useLocation } from 'react-router'
import { RequireSignIn } from '@/features/account'
import {
  FinanceCalculator,
  FinanceCarSummary,
  FinanceEstimate,
  readFinanceLink,
  useFinanceCar,
  type FinanceCar,
} from '@/features/finance'
import { FinanceEnquiryForm, type CarSummary } from '@/features/leads'
import { useDocumentTitle } from '@/lib/document-title'
import { useSite } from '@/lib/site'
import { usePageHandle } from './page-handle'
import { fetchInto, viewLoader } from '../view-loader'
import { financeCarQueryOptions } from '@/features/finance/components/finance-car'

const intros: Record<string, string> = {
  '/finance': 'Work out your repayments, then tell us about the car you are after and our finance team will be in touch.',
  '/finance-enquiry': 'Ask our finance team anything: repayments, terms, trade-ins or pre-approval.',
  '/apply-for-finance': 'Start your finance application: check your repayments, then send us your details.',
  '/finance-pre-approval': 'Know your budget before you shop: get pre-approved with our finance team.',
  '/personalised/finance': 'Your personalised finance estimate for this car. Adjust the numbers, then ask us for a quote.',
}

function leadCar(car: FinanceCar): CarSummary {
  const type = car.car_type === 'new' || car.car_type === 'demo' ? car.car_type : 'used'
  return {
    id: car.id,
    slug: car.slug ?? '',
    name: car.name ?? [car.year, car.make, car.model].filter(Boolean).join(' '),
    make: car.make ?? '',
    model: car.model ?? '',
    car_type: type,
    year: car.year,
    dealership_id: car.dealership_id,
    dealership_slug: car.dealership_slug,
  }
}

// The finance pages (docs/behaviour/screens.md#route-finance). A site with
// features.finance_sign_in asks for sign-in first
// (docs/behaviour/roles.md#gated-routes): purpose car-finance on the per-car
// page, finance elsewhere.
export function Component() {
  const site = useSite()
  const { pathname } = useLocation()
  if (!site.features.finance_sign_in) return <FinancePage />
  return (
    <RequireSignIn purpose={pathname.startsWith('/personalised/') ? 'car-finance' : 'finance'}>
      <FinancePage />
    </RequireSignIn>
  )
}

// FinancePage: the calculator, prefilled from the car a finance link
// names, and the finance enquiry form at #finance-form.
function FinancePage() {
  const site = useSite()
  const { title } = usePageHandle()
  const { pathname, search } = useLocation()
  useDocumentTitle(`${title} | ${site.name}`)
  const link = readFinanceLink(search)
  const carQuery = useFinanceCar(link.carId)
  const car = carQuery.data ?? null
  const budget = car && car.price > 0 ? car.price : link.vehiclePriceBudget
  const extra: Record<string, unknown> = {}
  if (link.vehiclePriceBudget) extra.vehiclePriceBudget = link.vehiclePriceBudget
  if (link.preferredDealership) extra.preferredDealership = link.preferredDealership
  if (link.vin) extra.vin = link.vin
  if (link.carType) extra.car_type = link.carType

  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-10">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="max-w-3xl text-muted-foreground">{intros[pathname.replace(/\/$/, '')] ?? intros['/finance']}</p>
      </header>

      {link.carId !== null && carQuery.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading your car…
        </p>
      ) : null}
      {link.carId !== null && carQuery.isError ? (
        <p role="alert" className="rounded-md border border-border p-3">
          We could not find that car; it may have sold. The calculator below starts from our usual figures.
        </p>
      ) : null}
      {car ? (
        <div className="grid gap-4 lg:grid-cols-2">
          <FinanceCarSummary car={car} />
          <FinanceEstimate estimate={car.finance_estimate} />
        </div>
      ) : null}

      {link.carId === null || !carQuery.isPending ? (
        <FinanceCalculator key={car?.id ?? 'none'} car={car} site={site} initialAmount={budget} quoteHref="#finance-form" />
      ) : null}

      <section id="finance-form" aria-labelledby="finance-form-title" className="scroll-mt-24 space-y-4">
        <h2 id="finance-form-title" className="text-2xl font-semibold">
          Finance Enquiry
        </h2>
        <div className="max-w-3xl">
          <FinanceEnquiryForm car={car ? leadCar(car) : undefined} extra={extra} />
        </div>
      </section>
    </div>
  )
}

export const loader = viewLoader(async ({ client, url }) => {
  const { carId } = readFinanceLink(url.search)
  if (carId !== null) await fetchInto(client, financeCarQueryOptions(carId))
})
