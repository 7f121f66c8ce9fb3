// The light part of the leads feature for pages that only offer forms
// (the vehicle page): the dialog loads its form when it opens.
export { LeadDialog, type LeadDialogKind, type LeadDialogProps } from './components/lead-dialog'
export { sendEvent } from './lib/analytics'
