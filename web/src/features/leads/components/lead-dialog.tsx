import { lazy, Suspense, useState, type ReactNode } from 'react'
import { LoaderCircle } from 'lucide-react'
import { Dialog, DialogBody, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog'
import { plans, type CarSummary } from '../lib/kinds'

// The forms (and their validation) are not part of a page that only offers
// them (the vehicle page): they load when the buyer reaches for a dialog's
// button (pointer over it, focus, touch), or when the dialog opens.
const loadLeadForm = () => import('./lead-form')
const loadMultiStep = () => import('./multi-step-form')
const LeadForm = lazy(() => loadLeadForm().then((m) => ({ default: m.LeadForm })))
const MultiStepEnquiryForm = lazy(() => loadMultiStep().then((m) => ({ default: m.MultiStepEnquiryForm })))

function warmForm(kind: LeadDialogKind) {
  void (kind === 'multi_step' ? loadMultiStep() : loadLeadForm()).catch(() => undefined)
}

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
      {trigger ? (
        <DialogTrigger asChild onPointerEnter={() => warmForm(kind)} onFocus={() => warmForm(kind)} onTouchStart={() => warmForm(kind)}>
          {trigger}
        </DialogTrigger>
      ) : null}
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{heading}</DialogTitle>
          <DialogDescription>{car ? car.name : 'Send us your details and we will be in touch shortly.'}</DialogDescription>
        </DialogHeader>
        <DialogBody>
          <Suspense
            fallback={
              <p role="status" className="flex items-center gap-2 py-8 text-sm text-muted-foreground">
                <LoaderCircle aria-hidden className="size-4 animate-spin" /> Loading the form…
              </p>
            }
          >
            {kind === 'multi_step' ? (
              <MultiStepEnquiryForm car={car} title={heading} extra={extra} />
            ) : (
              <LeadForm kind={kind} car={car} title={heading} extra={extra} />
            )}
          </Suspense>
        </DialogBody>
      </DialogContent>
    </Dialog>
  )
}
