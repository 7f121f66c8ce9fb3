import { useId, type ReactNode } from 'react'
import { cn } from '@/lib/utils'
import { ContactFields } from './contact-fields'
import { ErrorSummary, FailureAlert, errorList } from './form-messages'
import {
  BookingFields,
  CategorySelect,
  ConsentFields,
  Honeypot,
  MessageField,
  PositionField,
  RegoField,
  ServiceFields,
  SubmitButton,
  WhereFields,
} from './form-sections'
import { useLeadForm, type LeadFormOptions } from './use-lead-form'

export type LeadFormProps = LeadFormOptions & {
  className?: string
  // The submit button's text; each kind has its own default.
  submitLabel?: string
  // What the visitor reads before agreeing and sending (the checkout's
  // deposit and return terms).
  beforeConsent?: ReactNode
}

// LeadForm is every single-page lead form; `kind` decides its inputs (see
// lib/kinds.ts) and the site's flags adjust them.
export function LeadForm({ className, submitLabel, beforeConsent, ...opts }: LeadFormProps) {
  const id = useId().replace(/:/g, '')
  const { form, plan, site, failure, serverErrors, isSubmitting, onSubmit, bookingLocationId, openDays } = useLeadForm(opts)
  const errors = [...errorList(form.formState.errors), ...serverErrors]

  return (
    <form noValidate onSubmit={onSubmit} className={cn('relative space-y-4', className)} aria-label={opts.title ?? plan.title}>
      <ErrorSummary errors={form.formState.isSubmitted || serverErrors.length > 0 ? errors : []} />
      <FailureAlert message={failure} />
      {plan.categorySelect ? <CategorySelect id={id} form={form} plan={plan} /> : null}
      <ContactFields
        id={id}
        register={form.register}
        errors={form.formState.errors}
        splitName={plan.splitName}
        lastName={plan.lastName}
        postcode={plan.postcode}
      />
      {plan.position ? <PositionField id={id} form={form} /> : null}
      <WhereFields id={id} form={form} plan={plan} site={site} />
      {plan.rego ? <RegoField id={id} form={form} /> : null}
      {plan.service ? <ServiceFields id={id} form={form} site={site} /> : null}
      {plan.testDrive || plan.service ? <BookingFields id={id} form={form} locationId={bookingLocationId} window={openDays} /> : null}
      {plan.messageNeed ? <MessageField id={id} form={form} plan={plan} /> : null}
      {beforeConsent}
      <ConsentFields id={id} form={form} plan={plan} site={site} />
      <Honeypot id={id} form={form} />
      <SubmitButton busy={isSubmitting} label={submitLabel ?? plan.submitLabel} />
    </form>
  )
}
