import { useParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { ContactLeadForm, LeadDialog, LeadPage } from '@/features/leads'
import { useDocumentTitle } from '@/lib/document-title'
import { useSite } from '@/lib/site'
import { NotFound } from './not-found'

// /contact is the site's contact form; /contact-us/{location slug} is one
// location's, whose id travels as the hidden location_id.
export function Component() {
  const site = useSite()
  const { slug } = useParams()
  const location = slug ? site.locations.find((l) => l.slug === slug && l.visible) : undefined
  const title = location ? `Contact ${location.name}` : 'Contact Us'
  useDocumentTitle(`${title} | ${site.name}`)
  if (slug && !location) return <NotFound />
  return (
    <LeadPage
      title={title}
      intro="Send us a message and our team will get back to you shortly."
      location={location ?? site.locations.find((l) => l.primary && l.visible)}
      phone={site.phones.main}
      emailUs
    >
      <ContactLeadForm location={location} />
      <div className="mt-8 rounded-lg border bg-muted/40 p-4">
        <h2 className="text-lg font-semibold">Not sure what you are after?</h2>
        <p className="mt-1 text-sm text-muted-foreground">Answer a few short questions and we will find the right car for you.</p>
        <LeadDialog kind="multi_step" trigger={<Button className="mt-3">Start a Guided Enquiry</Button>} />
      </div>
    </LeadPage>
  )
}
