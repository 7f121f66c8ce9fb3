import { lazy, Suspense, useId, useRef, useState, type ReactNode } from 'react'
import { Slot } from 'radix-ui'
import type { CarSummary } from '../lib/kinds'

// The dialog and its form (and the form's validation) are not part of a page
// that only offers them (the vehicle page): they load when the buyer reaches
// for a dialog's button (pointer over it, focus, touch), or when it opens.
export const loadLeadForm = () => import('./lead-form')
export const loadMultiStep = () => import('./multi-step-form')
const loadBody = () => import('./lead-dialog-body')
const LeadDialogBody = lazy(() => loadBody().then((m) => ({ default: m.LeadDialogBody })))

function warmForm(kind: LeadDialogKind) {
  void loadBody().catch(() => undefined)
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
  // The message box's starting text (the visitor may change it).
  message?: string
  // Optional control from outside (e.g. a sticky bar opening the same dialog).
  open?: boolean
  onOpenChange?: (open: boolean) => void
}

// LeadDialog opens one of the behaviour docs' lead dialogs from a trigger. The dialog
// mounts from its first opening on, so a closed dialog costs nothing.
export function LeadDialog({ kind, car, trigger, title, extra, message, open: controlled, onOpenChange }: LeadDialogProps) {
  const [own, setOwn] = useState(false)
  const open = controlled ?? own
  const [used, setUsed] = useState(open)
  if (open && !used) setUsed(true)
  const triggerRef = useRef<HTMLElement>(null)
  const contentId = useId()
  const setOpen = (v: boolean) => {
    setOwn(v)
    onOpenChange?.(v)
  }
  return (
    <>
      {trigger ? (
        <Slot.Root
          ref={triggerRef}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? contentId : undefined}
          data-state={open ? 'open' : 'closed'}
          onClick={() => setOpen(true)}
          onPointerEnter={() => warmForm(kind)}
          onFocus={() => warmForm(kind)}
          onTouchStart={() => warmForm(kind)}
        >
          {trigger}
        </Slot.Root>
      ) : null}
      {used && (
        <Suspense fallback={null}>
          <LeadDialogBody kind={kind} car={car} title={title} extra={extra} message={message} open={open} onOpenChange={setOpen} contentId={contentId} trigger={triggerRef} />
        </Suspense>
      )}
    </>
  )
}
