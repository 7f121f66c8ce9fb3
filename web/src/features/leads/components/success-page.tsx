import { CircleCheck } from 'lucide-react'
import { Link, useLocation } from 'react-router'
import { Button } from '@/components/ui/button'
import type { Site } from '@/lib/api'
import { formatPhone, phoneHref } from '@/lib/phone'
import type { SuccessState } from '../api/submit-lead'

// SuccessPage confirms a sent lead: what was sent, to whom, what happens
// next, and where to go from here.
export function SuccessPage({ site }: { site: Site }) {
  const state = (useLocation().state ?? null) as SuccessState | null
  const phone = site.phones.main
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center">
      <CircleCheck aria-hidden className="mx-auto size-14 text-primary" />
      <h1 className="mt-4 text-3xl font-bold">Thank you!</h1>
      <p className="mt-4 text-lg">
        Your {state?.noun || 'enquiry'} has been sent to {site.name}.
      </p>
      {state?.carName ? (
        <p className="mt-1 text-muted-foreground">
          About:{' '}
          {state.carSlug ? (
            <Link to={`/cars/${state.carSlug}`} className="font-medium text-primary underline underline-offset-2">
              {state.carName}
            </Link>
          ) : (
            state.carName
          )}
        </p>
      ) : null}
      {state?.asked ? (
        <p className="mt-1 font-medium" data-testid="success-asked">
          {state.asked}
        </p>
      ) : null}
      <p className="mt-4 text-muted-foreground">
        A member of our team will be in touch shortly.
        {phone ? (
          <>
            {' '}
            If it is urgent, call us on{' '}
            <a className="whitespace-nowrap font-medium text-primary underline underline-offset-2" href={phoneHref(phone)}>
              {formatPhone(phone)}
            </a>
            .
          </>
        ) : null}
      </p>
      {state?.reference ? (
        <p className="mt-6" data-testid="success-reference">
          Your reference: <span className="whitespace-nowrap font-mono text-xl font-bold tracking-widest">{state.reference}</span>
          <span className="mt-1 block text-sm text-muted-foreground">Quote it if you call us about this {state.noun || 'enquiry'}.</span>
        </p>
      ) : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {state?.carSlug ? (
          <Button asChild>
            <Link to={`/cars/${state.carSlug}`}>Back to the Car</Link>
          </Button>
        ) : null}
        <Button asChild variant={state?.carSlug ? 'outline' : 'default'}>
          <Link to="/">Back to Home</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={site.search.default_path || '/search/new-used-and-demo-cars/'}>Browse Our Stock</Link>
        </Button>
      </div>
    </section>
  )
}
