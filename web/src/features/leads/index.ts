// The leads feature's public parts: lead dialogs and forms, the submit hook,
// the /success page and the visit tracker that fills lead_attributes.
export { LeadDialog, type LeadDialogKind, type LeadDialogProps } from './components/lead-dialog'
export { LeadForm, type LeadFormProps } from './components/lead-form'
export { MultiStepEnquiryForm } from './components/multi-step-form'
export { FindSimilarForm } from './components/find-similar-form'
export {
  FinanceEnquiryForm,
  TradeInLeadForm,
  ContactLeadForm,
  PartsEnquiryForm,
  ServiceBookingForm,
  CareersForm,
  TestDriveForm,
} from './components/named-forms'
export { LeadPage } from './components/lead-page'
export { SuccessPage } from './components/success-page'
export { VisitTracker } from './components/visit-tracker'
export { useLeadCar } from './api/get-car'
export { useSubmitLead, postLead, type LeadCreated, type SuccessState } from './api/submit-lead'
export { buildLeadPayload, applyOptionKeys, type LeadPayload } from './lib/payload'
export { eventIdFor, sendEvent, eventIds } from './lib/analytics'
export { loadUserDetails, saveUserDetails, type UserDetails } from './lib/stored-details'
export type { CarSummary, LeadKind, LeadCategory } from './lib/kinds'
export { texts as leadTexts } from './lib/texts'
