import { useParams, useSearchParams } from 'react-router'
import { RequireSignIn } from '@/features/account'
import { CheckoutPage, type CheckoutMode } from '@/features/checkout'
import { useSite } from '@/lib/site'
import { NotFound } from './not-found'
import { usePageHandle } from './page-handle'
import { viewLoader } from '../view-loader'
import { loadCar } from './view-data'

const modeFor: Record<string, CheckoutMode> = {
  '/cars/:slug/checkout': 'reserve',
  '/cars/:slug/buy-online': 'buy-online',
  '/checkout-journey': 'journey',
}

// The checkout routes: /cars/{slug}/checkout, /cars/{slug}/buy-online and
// /checkout-journey?car_id={slug} (only with features.checkout_journey).
export function Component() {
  const site = useSite()
  const { path } = usePageHandle()
  const { slug = '' } = useParams()
  const [params] = useSearchParams()
  const mode = modeFor[path] ?? 'reserve'
  const carSlug = mode === 'journey' ? (params.get('car_id') ?? '').trim() : slug
  if (mode === 'journey' && !site.features.checkout_journey) return <NotFound />
  const page = <CheckoutPage key={carSlug} slug={carSlug} mode={mode} notFound={<NotFound />} />
  // docs/behaviour/roles.md#gated-routes: checkout is gated per site config;
  // the gate waits until the car's slug is known
  // (docs/behaviour/states.md#gated-routes).
  if (!site.features.checkout_sign_in) return page
  return (
    <RequireSignIn purpose="checkout" ready={carSlug !== ''}>
      {page}
    </RequireSignIn>
  )
}

export const loader = viewLoader((n) => {
  const journey = n.routePath === '/checkout-journey'
  if (journey && !n.site.features.checkout_journey) return
  return loadCar(n, journey ? (n.url.searchParams.get('car_id') ?? '').trim() : (n.params.slug ?? ''))
})
