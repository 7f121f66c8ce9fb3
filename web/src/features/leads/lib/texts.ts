// The visitor-facing texts of docs/behaviour/validation.md and docs/behaviour/errors.md, in one place so the
// forms and their tests use the same words.
import { leadMessages } from '@/lib/lead-schema'

export const texts = {
  regoPlaceholder: 'Rego - Helps us better assist your enquiry',
  locationPlaceholder: 'Please Select a Dealership Location',
  departmentPlaceholder: 'Please Select a Department',
  dealershipPlaceholder: 'Select a Preferred Dealership',
  optInDefault: 'Yes, I would like to subscribe to receive latest offers & product updates.',
  optInCar: 'Email me similar stock and latest offers.',
  termsRequired: leadMessages.terms,
  errorsHeading: 'Please fix the following errors:',
  genericFailure: 'An error occurred when submitting this form',
  multiStepFailure: 'An unexpected error occured',
  requestPhotos: 'Please send photos for this car',
  financeTitle: 'Finance Enquiry',
  invalidPostcode: leadMessages.postcode,
  defaultCategory: 'General Enquiry',
} as const
