import type { Location } from '@/lib/api'
import type { CarSummary } from '../lib/kinds'
import { LeadForm } from './lead-form'

type Extra = { extra?: Record<string, unknown>; className?: string }

// ServiceBookingForm on a location's own service page books at that location.
type ServiceProps = Extra & { location?: Pick<Location, 'id' | 'name' | 'dealership_slug'> }

// FinanceEnquiryForm is the 'Finance Enquiry' form (event 9) for the
// finance pages; `extra` carries e.g. vehiclePriceBudget from the URL.
export function FinanceEnquiryForm({ car, ...rest }: { car?: CarSummary } & Extra) {
  return <LeadForm kind="finance" car={car} {...rest} />
}

// TradeInLeadForm: first name, last name, postcode, mobile, email and the
// caller's hidden fields (e.g. the car being traded in) in `extra`.
export function TradeInLeadForm({ car, ...rest }: { car?: CarSummary } & Extra) {
  return <LeadForm kind="trade_in" car={car} {...rest} />
}

// ContactLeadForm: the same inputs; with a location its id goes as the
// hidden location_id; category is the enquiry type it opens on.
export function ContactLeadForm({
  location,
  ...rest
}: { location?: Pick<Location, 'id' | 'name' | 'dealership_slug'>; category?: string } & Extra) {
  return <LeadForm kind="contact" location={location} {...rest} />
}

export function PartsEnquiryForm(props: Extra) {
  return <LeadForm kind="parts" {...props} />
}

export function ServiceBookingForm(props: ServiceProps) {
  return <LeadForm kind="service" {...props} />
}

export function CareersForm(props: Extra) {
  return <LeadForm kind="careers" {...props} />
}

export function TestDriveForm({ car, ...rest }: { car?: CarSummary } & Extra) {
  return <LeadForm kind="test_drive" car={car} {...rest} />
}
