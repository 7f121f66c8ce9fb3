import { useSearchParams } from 'react-router'
import { CareersForm, LeadPage, PartsEnquiryForm, ServiceBookingForm, TestDriveForm, useLeadCar } from '@/features/leads'
import { useDocumentTitle } from '@/lib/document-title'
import { useSite } from '@/lib/site'

function useTitle(title: string) {
  const site = useSite()
  useDocumentTitle(`${title} | ${site.name}`)
  return site
}

export function PartsPage() {
  const site = useTitle('Vehicle Parts and Accessories')
  return (
    <LeadPage
      title="Vehicle Parts and Accessories"
      intro="Tell us the part or accessory you need and your car's details; our parts team will reply with price and availability."
      phone={site.phones.main}
    >
      <PartsEnquiryForm />
    </LeadPage>
  )
}

export function ServicePage() {
  const site = useTitle('Book a Service')
  return (
    <LeadPage
      title="Book a Service"
      intro="Choose a service centre and a preferred date; our service team will confirm your booking."
      phone={site.phones.main}
    >
      <ServiceBookingForm />
    </LeadPage>
  )
}

export function CareersPage() {
  const site = useTitle('Careers')
  return (
    <LeadPage
      title={`Careers at ${site.name}`}
      intro="Interested in joining our team? Tell us about yourself and the role you are after."
      phone={site.phones.main}
    >
      <CareersForm />
    </LeadPage>
  )
}

// /book-test-drive/?car_id={slug} books that car; without it (or for a car
// that is gone) the visitor books a drive with the dealer.
export function TestDrivePage() {
  const site = useTitle('Book a Test Drive')
  const slug = useSearchParams()[0].get('car_id') ?? ''
  const car = useLeadCar(slug)
  const known = car.data?.available ? car.data : undefined
  return (
    <LeadPage
      title={known ? `Book a Test Drive: ${known.name}` : 'Book a Test Drive'}
      intro="Choose a day and a time that suit you, and we will have the car ready for you to drive."
      phone={site.phones.main}
    >
      {slug && car.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading…
        </p>
      ) : (
        <TestDriveForm car={known} key={known?.id ?? 0} />
      )}
    </LeadPage>
  )
}
