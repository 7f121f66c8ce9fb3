import { useId, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'
import type { LeadFormValues } from '../lib/schema'
import { texts } from '../lib/texts'
import { ContactFields } from './contact-fields'
import { ErrorSummary, FailureAlert, errorList } from './form-messages'
import { CategorySelect, ConsentFields, Honeypot, MessageField, SubmitButton, WhereFields } from './form-sections'
import { useLeadForm, type LeadFormOptions } from './use-lead-form'

const stepNames = ['Your enquiry', 'Your details', 'Send'] as const

// MultiStepEnquiryForm walks the visitor through three short steps; only the
// last one submits (docs/behaviour/states.md), then /success. A failure shows the
// server's message or 'An unexpected error occured'.
export function MultiStepEnquiryForm({ className, ...opts }: Omit<LeadFormOptions, 'kind'> & { className?: string }) {
  const id = useId().replace(/:/g, '')
  const { form, plan, site, failure, serverErrors, isSubmitting, onSubmit } = useLeadForm({
    ...opts,
    kind: 'multi_step',
    failureText: texts.multiStepFailure,
  })
  const [step, setStep] = useState(0)
  const [tried, setTried] = useState(false)
  // 'Submit' appears where 'Next' was: the second click of a double click
  // on Next must not send. A click counts only if its sequence began on Submit.
  const armed = useRef(false)
  const stepFields: (keyof LeadFormValues)[][] = [
    [...(plan.categorySelect ? (['subcategory'] as const) : []), 'message'],
    ['name', 'email', 'phone'],
    ['dealership_slug', 'location_id', 'terms'],
  ]
  const errors = [...errorList(form.formState.errors), ...serverErrors]

  async function next() {
    setTried(true)
    const ok = await form.trigger(stepFields[step], { shouldFocus: true })
    if (ok) {
      setTried(false)
      armed.current = false
      setStep((s) => Math.min(s + 1, stepNames.length - 1))
    }
  }

  // A server refusal may name a field of an earlier step: go back to it.
  const submit = async (e: React.FormEvent) => {
    await onSubmit(e)
    const errs = form.formState.errors
    const back = stepFields.findIndex((fs) => fs.some((f) => errs[f]))
    if (back >= 0 && back < step) setStep(back)
  }

  const last = step === stepNames.length - 1
  return (
    <form
      noValidate
      onSubmit={(e) => {
        if (!last) {
          e.preventDefault()
          void next()
          return
        }
        void submit(e)
      }}
      className={cn('relative space-y-4', className)}
      aria-label={opts.title ?? plan.title}
    >
      <ol className="flex gap-2 text-xs" aria-label="Steps">
        {stepNames.map((n, i) => (
          <li
            key={n}
            aria-current={i === step ? 'step' : undefined}
            className={cn(
              'flex-1 rounded-md border px-2 py-1.5 text-center',
              i === step ? 'border-primary bg-primary text-primary-foreground' : i < step ? 'border-primary text-foreground' : 'text-muted-foreground',
            )}
          >
            <span className="sr-only">Step {i + 1} of {stepNames.length}: </span>
            {n}
          </li>
        ))}
      </ol>
      <ErrorSummary errors={tried || form.formState.isSubmitted || serverErrors.length > 0 ? errors : []} />
      <FailureAlert message={failure} />
      <div hidden={step !== 0} className="space-y-4">
        {plan.categorySelect ? <CategorySelect id={id} form={form} plan={plan} /> : null}
        <MessageField id={id} form={form} plan={plan} />
      </div>
      <div hidden={step !== 1}>
        <ContactFields id={id} register={form.register} errors={form.formState.errors} splitName={false} lastName={false} postcode={false} />
      </div>
      <div hidden={step !== 2} className="space-y-4">
        <WhereFields id={id} form={form} plan={plan} site={site} />
        <ConsentFields id={id} form={form} plan={plan} site={site} />
      </div>
      <Honeypot id={id} form={form} />
      <div className="flex gap-3">
        {step > 0 ? (
          <Button type="button" variant="outline" size="lg" onClick={() => setStep((s) => s - 1)} disabled={isSubmitting}>
            Back
          </Button>
        ) : null}
        {last ? (
          <div
            className="flex flex-1"
            onMouseDownCapture={(e) => {
              if (e.detail <= 1) armed.current = true
            }}
            onClickCapture={(e) => {
              if (e.detail > 1 && !armed.current) e.preventDefault()
            }}
          >
            <SubmitButton busy={isSubmitting} label={plan.submitLabel} className="flex-1" />
          </div>
        ) : (
          <Button type="submit" size="lg" className="flex-1">
            Next
          </Button>
        )}
      </div>
    </form>
  )
}
