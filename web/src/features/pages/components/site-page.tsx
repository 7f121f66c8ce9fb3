import type { ReactNode } from 'react'
import { useLocation } from 'react-router'
import { ExternalLink } from 'lucide-react'
import { CareersForm, LeadPage, PartsEnquiryForm, ServiceBookingForm } from '@/features/leads'
import { useDocumentTitle } from '@/lib/document-title'
import { useSite } from '@/lib/site'
import type { Location } from '@/lib/api'
import { usePageContent, type PageContent } from '../api/get-page'
import { pageFor, type SitePage as SitePageConfig } from '@/lib/offered-pages'
import { FaqCard } from './faq-card'
import { OffersList } from './offers-list'
import { Prose } from './prose'
import { UnsubscribeForm } from './unsubscribe-form'

// SitePage renders a page of the site's `pages` config for the route it is
// on: its content, FAQs and component. A route the site does not offer
// shows notFound (the server answers it with 404 too).
export function SitePage({ routePath, notFound }: { routePath: string; notFound: ReactNode }) {
  const site = useSite()
  const page = pageFor(site, routePath)
  if (!page) return <>{notFound}</>
  return <OfferedPage page={page} siteName={site.name} />
}

// Components whose page is a lead form beside the dealer's details.
// An intro's "car" is the site's own kind of stock (wording.stock_noun).
const formPages: Record<string, { form: (location?: Location) => ReactNode; intro: string }> = {
  service: { form: (location) => <ServiceBookingForm location={location} />, intro: 'Choose a service centre and a preferred date; our service team will confirm your booking.' },
  parts: {
    form: () => <PartsEnquiryForm />,
    intro: "Tell us the part or accessory you need and your car's details; our parts team will reply with price and availability.",
  },
  careers: { form: () => <CareersForm />, intro: 'Interested in joining our team? Tell us about yourself and the role you are after.' },
}

function OfferedPage({ page, siteName }: { page: SitePageConfig; siteName: string }) {
  const site = useSite()
  const { pathname } = useLocation()
  useDocumentTitle(`${page.title} | ${siteName}`)
  const content = usePageContent(pathname)
  const html = content.data?.html ?? ''
  const formPage = page.component ? formPages[page.component] : undefined
  if (formPage) {
    // A location's own page shows that location's phone and books only the
    // makes it services; the group's main number is for the general page.
    const location = site.locations.find((l) => l.slug === page.location)
    const makes = (location?.manufacturers ?? []).map((m) => m.trim().toLowerCase())
    const links = (page.booking_links ?? []).filter((l) => !l.make || makes.length === 0 || makes.includes(l.make.trim().toLowerCase()))
    return (
      <LeadPage
        title={page.title}
        intro={html ? <Prose html={html} className="[&>*:first-child]:mt-0" /> : formPage.intro.replace(/\byour car\b/, `your ${site.wording.stock_noun || 'car'}`)}
        phone={location?.phone || site.phones.main}
      >
        {links.length > 0 ? <BookingLinks links={links} /> : formPage.form(location)}
      </LeadPage>
    )
  }
  return (
    <article className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold">{page.title}</h1>
      {content.isPending && !page.component ? (
        <p role="status" className="mt-6 text-muted-foreground">
          Loading…
        </p>
      ) : null}
      {content.isError ? (
        <p role="alert" className="mt-6">
          This page could not be loaded. Please try again.
        </p>
      ) : null}
      <Prose html={html} className="max-w-3xl" />
      <FaqCard faqs={content.data?.faqs ?? []} />
      <Component name={page.component} />
    </article>
  )
}

function Component({ name }: { name?: string }) {
  switch (name) {
    case 'offers':
      return <OffersList />
    case 'unsubscribe':
      return <UnsubscribeForm />
    // locations, models, order-now and brands have routes of their own.
    default:
      return null
  }
}

// BookingLinks send the visitor to the dealer's own booking address per
// make and location (docs/behaviour/entities.md#service-booking-link).
function BookingLinks({ links }: { links: PageContent['booking_links'] }) {
  return (
    <div>
      <h2 className="text-lg font-semibold">Book online</h2>
      <ul className="mt-4 space-y-3">
        {links.map((l) => (
          <li key={l.url}>
            <a
              href={l.url}
              target="_blank"
              rel="noopener"
              className="inline-flex items-center gap-2 rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground hover:opacity-90"
            >
              Book a {l.make ? `${l.make} ` : ''}service at {l.name}
              <ExternalLink aria-hidden className="size-4" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}
