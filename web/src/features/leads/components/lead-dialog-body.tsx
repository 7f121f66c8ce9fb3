import { lazy, Suspense, type RefObject } from 'react'
import { LoaderCircle } from 'lucide-react'
import { Dialog, DialogBody, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { plans, type CarSummary } from '../lib/kinds'
import { loadLeadForm, loadMultiStep, type LeadDialogKind } from './lead-dialog'

const LeadForm = lazy(() => loadLeadForm().then((m) => ({ default: m.LeadForm })))
const MultiStepEnquiryForm = lazy(() => loadMultiStep().then((m) => ({ default: m.MultiStepEnquiryForm })))

type Props = {
  kind: LeadDialogKind
  car?: CarSummary
  // Overrides the kind's own heading.
  title?: string
  extra?: Record<string, unknown>
  // The message box's starting text.
  message?: string
  open: boolean
  onOpenChange: (open: boolean) => void
  contentId: string
  // The button that opened the dialog, outside this chunk: focus returns there.
  trigger: RefObject<HTMLElement | null>
}

// LeadDialogBody is the dialog itself (Radix, focus trap, scroll lock) with
// its form; it is its own chunk, loaded when a lead dialog first opens.
export function LeadDialogBody({ kind, car, title, extra, message, open, onOpenChange, contentId, trigger }: Props) {
  const heading = title ?? plans[kind].title
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        id={contentId}
        onCloseAutoFocus={(e) => {
          if (!trigger.current) return
          e.preventDefault()
          trigger.current.focus()
        }}
      >
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
              <LeadForm kind={kind} car={car} title={heading} extra={extra} message={message} />
            )}
          </Suspense>
        </DialogBody>
      </DialogContent>
    </Dialog>
  )
}
