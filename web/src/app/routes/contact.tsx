import { useParams } from 'react-router'
import { ContactLeadForm, LeadPage } from '@/features/leads'
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
    </LeadPage>
  )
}
