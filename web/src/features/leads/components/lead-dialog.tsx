import { useState, type ReactNode } from 'react'
import { Dialog, DialogBody, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog'
import { plans, type CarSummary } from '../lib/kinds'
import { LeadForm } from './lead-form'
import { MultiStepEnquiryForm } from './multi-step-form'

export type LeadDialogKind = 'enquiry' | 'test_drive' | 'request_photos' | 'finance' | 'email_us' | 'multi_step'

export type LeadDialogProps = {
  kind: LeadDialogKind
  car?: CarSummary
  // The element that opens the dialog (a Button); it must accept a ref.
  // Leave it out when `open` is controlled from elsewhere.
  trigger?: ReactNode
  // Overrides the dialog's heading (e.g. 'Enquire Now' on a car page).
  title?: string
  // Extra payload fields, kept as received by the server.
  extra?: Record<string, unknown>
  // Optional control from outside (e.g. a sticky bar opening the same dialog).
  open?: boolean
  onOpenChange?: (open: boolean) => void
}

// LeadDialog opens one of SPEC.md's lead dialogs from a trigger. The form
// mounts only while open, so a closed dialog costs nothing.
export function LeadDialog({ kind, car, trigger, title, extra, open: controlled, onOpenChange }: LeadDialogProps) {
  const [own, setOwn] = useState(false)
  const open = controlled ?? own
  const setOpen = (v: boolean) => {
    setOwn(v)
    onOpenChange?.(v)
  }
  const heading = title ?? plans[kind].title
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{heading}</DialogTitle>
          <DialogDescription>{car ? car.name : 'Send us your details and we will be in touch shortly.'}</DialogDescription>
        </DialogHeader>
        <DialogBody>
          {kind === 'multi_step' ? (
            <MultiStepEnquiryForm car={car} title={heading} extra={extra} />
          ) : (
            <LeadForm kind={kind} car={car} title={heading} extra={extra} />
          )}
        </DialogBody>
      </DialogContent>
    </Dialog>
  )
}
