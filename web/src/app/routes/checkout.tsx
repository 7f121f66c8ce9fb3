import { useParams, useSearchParams } from 'react-router'
import { CheckoutPage, type CheckoutMode } from '@/features/checkout'
import { useSite } from '@/lib/site'
import { NotFound } from './not-found'
import { usePageHandle } from './page-handle'

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
  // The page is one element, so a sign-in gate (checkout per site config)
  // can wrap it and wait until carSlug is known.
  return <CheckoutPage key={carSlug} slug={carSlug} mode={mode} notFound={<NotFound />} />
}
