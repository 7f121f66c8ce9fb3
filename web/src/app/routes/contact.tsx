import { useParams, useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { ContactLeadForm, LeadDialog, LeadPage } from '@/features/leads'
import { addressUnits, LocationList } from '@/features/locations'
import { ReviewsSection } from '@/features/reviews'
import { useDocumentTitle } from '@/lib/document-title'
import { useSite } from '@/lib/site'
import { NotFound } from './not-found'
import { viewLoader } from '../view-loader'
import { loadLocationCards } from './view-data'

// /contact is the site's contact form; /contact-us/{location slug} is one
// location's, whose id travels as the hidden location_id.
export function Component() {
  const site = useSite()
  const { slug } = useParams()
  // ?category= opens the form on that enquiry type (the footer's Delivery Quote).
  const category = useSearchParams()[0].get('category') ?? undefined
  const location = slug ? site.locations.find((l) => l.slug === slug && l.visible) : undefined
  const title = location ? `Contact ${location.name}` : 'Contact Us'
  useDocumentTitle(`${title} | ${site.name}`)
  if (slug && !location) return <NotFound />
  // A location's page also shows the location itself: its departments at
  // the same address, hours, phone and directions, then the reviews.
  const unit = location ? addressUnits(site.locations.filter((l) => l.visible)).find((u) => u.some((l) => l.id === location.id)) : undefined
  const form = (
    <LeadPage
      title={title}
      intro="Send us a message and our team will get back to you shortly."
      location={location ?? site.locations.find((l) => l.primary && l.visible)}
      phone={site.phones.main}
      emailUs
    >
      <ContactLeadForm location={location} category={category} />
      <div className="mt-8 rounded-lg border bg-muted/40 p-4">
        <h2 className="text-lg font-semibold">Not sure what you are after?</h2>
        <p className="mt-1 text-sm text-muted-foreground">Answer a few short questions and we will find the right car for you.</p>
        <LeadDialog kind="multi_step" trigger={<Button className="mt-3">Start a Guided Enquiry</Button>} />
      </div>
    </LeadPage>
  )
  if (!location || !unit) return form
  return (
    <>
      {form}
      <div className="mx-auto max-w-7xl space-y-8 px-4 pb-10">
        <section aria-labelledby="location-heading" className="space-y-4">
          <h2 id="location-heading" className="text-2xl font-semibold">
            Visit {location.name}
          </h2>
          <LocationList units={[[location, ...unit.filter((l) => l.id !== location.id)]]} label={location.name} />
        </section>
        <ReviewsSection />
      </div>
    </>
  )
}

// A location's contact page shows the location's cards.
export const loader = viewLoader((n) => (n.params.slug ? loadLocationCards(n) : undefined))
