import { CareersForm, LeadPage, PartsEnquiryForm, ServiceBookingForm, TestDriveForm } from '@/features/leads'
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

export function TestDrivePage() {
  const site = useTitle('Book a Test Drive')
  return (
    <LeadPage
      title="Book a Test Drive"
      intro="Pick a dealership, a day and a time that suit you, and we will have the car ready."
      phone={site.phones.main}
    >
      <TestDriveForm />
    </LeadPage>
  )
}
