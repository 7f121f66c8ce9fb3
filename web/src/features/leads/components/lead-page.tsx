import type { ReactNode } from 'react'
import { formatPhone, phoneHref } from '@/lib/phone'
import type { Location } from '@/lib/api'
import { Button } from '@/components/ui/button'
import { Mail } from 'lucide-react'
import { LeadDialog } from './lead-dialog'

// LeadPage lays out a page whose main content is a lead form: a heading and
// intro, the form in a card, and the dealer's contact details beside it.
export function LeadPage({
  title,
  intro,
  location,
  phone,
  children,
  emailUs = false,
}: {
  title: string
  intro: ReactNode
  location?: Location
  phone?: string
  children: ReactNode
  // Offer the 'Email Us' modal beside the form (contact pages).
  emailUs?: boolean
}) {
  const tel = location?.contact_detail?.phone || location?.phone || phone || ''
  const a = location?.address
  return (
    <section className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold">{title}</h1>
      <div className="mt-2 max-w-2xl text-muted-foreground">{intro}</div>
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="rounded-lg border bg-background p-5 shadow-sm sm:p-6">{children}</div>
        {location || tel || emailUs ? (
          <aside className="space-y-3 text-sm" aria-label="Contact details">
            {location ? <h2 className="text-lg font-semibold">{location.name}</h2> : null}
            {a ? (
              <address className="not-italic">
                {a.street}
                <br />
                {a.city} {a.state} {a.postcode}
              </address>
            ) : null}
            {tel ? (
              <p>
                Phone:{' '}
                <a className="font-medium text-primary underline underline-offset-2" href={phoneHref(tel)}>
                  {formatPhone(tel)}
                </a>
              </p>
            ) : null}
            {emailUs ? (
              <LeadDialog
                kind="email_us"
                trigger={
                  <Button type="button" variant="outline">
                    <Mail aria-hidden />
                    Email Us
                  </Button>
                }
              />
            ) : null}
          </aside>
        ) : null}
      </div>
    </section>
  )
}
