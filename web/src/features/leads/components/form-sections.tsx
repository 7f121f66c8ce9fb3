import type { UseFormReturn } from 'react-hook-form'
import { Checkbox } from '@/components/ui/checkbox'
import { FormField, fieldA11y, errorId } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import { Textarea } from '@/components/ui/textarea'
import { Spinner } from '@/components/ui/spinner'
import { Button } from '@/components/ui/button'
import type { Site } from '@/lib/api'
import { towedStock } from '@/lib/viewing'
import { useEffect } from 'react'
import { dateProblem, dayLabel, useAppointments, type BookingWindow } from '../api/get-appointments'
import { candidateLocations, type ResolvedPlan } from '../lib/kinds'
import type { LeadFormValues } from '../lib/schema'
import { texts } from '../lib/texts'

type Form = UseFormReturn<LeadFormValues>

function err(form: Form, k: keyof LeadFormValues): string | undefined {
  const m = form.formState.errors[k]?.message
  return typeof m === 'string' ? m : undefined
}

// CategorySelect is the general enquiry's required type (default
// 'General Enquiry'), from the site's list.
export function CategorySelect({ id, form, plan }: { id: string; form: Form; plan: ResolvedPlan }) {
  const e = err(form, 'subcategory')
  return (
    <FormField id={`${id}-subcategory`} label="Enquiry Type" error={e} required>
      <Select {...fieldA11y(`${id}-subcategory`, e, true)} {...form.register('subcategory')}>
        {plan.categories.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </Select>
    </FormField>
  )
}

// WhereFields are the preferred dealership (several dealerships) and the
// location or department selectors.
export function WhereFields({ id, form, plan, site }: { id: string; form: Form; plan: ResolvedPlan; site: Site }) {
  const dealership = form.watch('dealership_slug')
  const locations = candidateLocations(site, plan.locationTypes, plan.showDealership ? dealership : '')
  const placeholder = site.wording.department_placeholder ? texts.departmentPlaceholder : texts.locationPlaceholder
  const eD = err(form, 'dealership_slug')
  const eL = err(form, 'location_id')
  const dealerships = [...site.dealerships].sort((a, b) => a.name.localeCompare(b.name))
  return (
    <>
      {plan.showDealership ? (
        <FormField id={`${id}-dealership`} label="Preferred Dealership" error={eD} required>
          <Select {...fieldA11y(`${id}-dealership`, eD, true)} {...form.register('dealership_slug', {
            onChange: () => form.setValue('location_id', ''),
          })}>
            <option value="">{texts.dealershipPlaceholder}</option>
            {dealerships.map((d) => (
              <option key={d.slug} value={d.slug}>
                {d.name}
              </option>
            ))}
          </Select>
        </FormField>
      ) : null}
      {plan.showLocation ? (
        <FormField id={`${id}-location`} label={site.wording.department_placeholder ? 'Department' : 'Dealership Location'} error={eL} required>
          <Select {...fieldA11y(`${id}-location`, eL, true)} {...form.register('location_id')}>
            <option value="">{placeholder}</option>
            {locations.map((l) => (
              <option key={l.id} value={String(l.id)}>
                {l.name}
              </option>
            ))}
          </Select>
        </FormField>
      ) : null}
    </>
  )
}

export function RegoField({ id, form }: { id: string; form: Form }) {
  const e = err(form, 'rego')
  return (
    <FormField id={`${id}-rego`} label="Rego" error={e}>
      <Input {...fieldA11y(`${id}-rego`, e)} placeholder={texts.regoPlaceholder} maxLength={12} autoCapitalize="characters" {...form.register('rego')} />
    </FormField>
  )
}

export function PositionField({ id, form }: { id: string; form: Form }) {
  const e = err(form, 'position')
  return (
    <FormField id={`${id}-position`} label="Position applying for" error={e} required>
      <Input {...fieldA11y(`${id}-position`, e, true)} placeholder="e.g. Sales Consultant" {...form.register('position')} />
    </FormField>
  )
}

export function MessageField({ id, form, plan }: { id: string; form: Form; plan: ResolvedPlan }) {
  const e = err(form, 'message')
  const required = plan.messageNeed === 'required'
  return (
    <FormField id={`${id}-message`} label={plan.messageLabel} error={e} required={required}>
      <Textarea
        {...fieldA11y(`${id}-message`, e, required)}
        placeholder={required ? plan.messageLabel : `${plan.messageLabel} (optional)`}
        maxLength={5000}
        {...form.register('message')}
      />
    </FormField>
  )
}

function todayISO(): string {
  const d = new Date()
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

// BookingFields pick a day and one of that location's free times: a test
// drive's at its sales location, a service's at the service department
// (docs/behaviour/validation.md#bookings). The picker runs from today to
// the booking window's last day; a typed day that is not one of the
// location's open days says so at once and offers the next open day. Both
// may be left empty; a day needs a time.
export function BookingFields({ id, form, locationId, window }: { id: string; form: Form; locationId?: number; window?: BookingWindow }) {
  const date = form.watch('date')
  const problem = dateProblem(date, window)
  const slots = useAppointments(problem ? undefined : locationId, date)
  const eD = err(form, 'date')
  const eT = err(form, 'time')
  // A typed day is checked as soon as it is complete (and again once the
  // open days arrive), not only when the form is sent.
  useEffect(() => {
    if (date || form.formState.errors.date) void form.trigger('date')
  }, [date, window, form])
  const none = (slots.data?.length ?? 0) === 0
  const helpId = `${id}-time-help`
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField id={`${id}-date`} label="Preferred Date" error={eD}>
        <Input
          {...fieldA11y(`${id}-date`, eD)}
          type="date"
          min={window?.from || todayISO()}
          max={window?.to || undefined}
          {...form.register('date', { onChange: () => form.setValue('time', '') })}
        />
        {eD && problem?.next ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="mt-1"
            onClick={() => {
              form.setValue('date', problem.next!, { shouldValidate: true })
              form.setValue('time', '')
              form.setFocus('date')
            }}
          >
            Choose {dayLabel(problem.next)}
          </Button>
        ) : null}
      </FormField>
      <FormField id={`${id}-time`} label="Preferred Time" error={eT}>
        <Select
          id={`${id}-time`}
          disabled={!date || !locationId || Boolean(problem) || slots.isFetching || none}
          aria-invalid={eT ? true : undefined}
          aria-describedby={eT ? `${errorId(`${id}-time`)} ${helpId}` : helpId}
          {...form.register('time')}
        >
          <option value="">
            {!locationId
              ? 'Choose a location first'
              : !date
                ? 'Choose a date first'
                : problem
                  ? 'Choose an open day first'
                  : slots.isFetching
                    ? 'Loading times…'
                    : slots.isError
                      ? 'Times could not be loaded'
                      : none
                        ? 'No times available on this day'
                        : 'Select a time'}
          </option>
          {(slots.data ?? []).map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </Select>
        <p id={helpId} className="text-xs text-muted-foreground">
          {slots.isFetching ? <Spinner className="mr-1 inline size-3" /> : null}
          We will confirm your time by phone or email.
        </p>
      </FormField>
    </div>
  )
}

// ServiceFields: service type, odometer and extras (the preferred day and
// time are BookingFields); each
// extra is a '(check_option)' key that lands in additional_services. The
// services and extras are the dealer's own (wording.service_types and
// service_extras): a caravan yard services wheel bearings, not car washes,
// and asks for no odometer, which a caravan does not have.
export function ServiceFields({ id, form, site }: { id: string; form: Form; site: Site }) {
  const serviceTypes = site.wording.service_types ?? []
  const serviceExtras = site.wording.service_extras ?? []
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-service-type`} label="Service Type">
          <Select id={`${id}-service-type`} {...form.register('service_type')}>
            <option value="">Select a service</option>
            {serviceTypes.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </FormField>
        {towedStock(site) ? null : (
          <FormField id={`${id}-km`} label="Odometer (km)" error={err(form, 'km')}>
            <Input {...fieldA11y(`${id}-km`, err(form, 'km'))} inputMode="numeric" placeholder="e.g. 45,000" {...form.register('km')} />
          </FormField>
        )}
      </div>
      {serviceExtras.length > 0 ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Additional services</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {serviceExtras.map((x, i) => (
              <label key={x} htmlFor={`${id}-extra-${i}`} className="flex items-start gap-2 text-sm">
                <Checkbox id={`${id}-extra-${i}`} {...form.register(`options.${x} (check_option)`)} />
                {x}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
    </>
  )
}

// ConsentFields: opt-in (default ticked) and, when the dealer requires it,
// the terms checkbox.
export function ConsentFields({ id, form, plan, site }: { id: string; form: Form; plan: ResolvedPlan; site: Site }) {
  const eT = err(form, 'terms')
  return (
    <div className="space-y-3">
      <label htmlFor={`${id}-opt-in`} className="flex items-start gap-2 text-sm">
        <Checkbox id={`${id}-opt-in`} {...form.register('opt_in')} />
        <span>{plan.optInLabel}</span>
      </label>
      {plan.terms ? (
        <div>
          <label htmlFor={`${id}-terms`} className="flex items-start gap-2 text-sm">
            <Checkbox
              id={`${id}-terms`}
              aria-invalid={eT ? true : undefined}
              aria-describedby={eT ? errorId(`${id}-terms`) : undefined}
              aria-required
              {...form.register('terms')}
            />
            <span>
              I agree to the{' '}
              <a href="/terms-and-conditions" target="_blank" rel="noreferrer" className="text-primary underline underline-offset-2">
                terms of use
              </a>{' '}
              of {site.name}.
            </span>
          </label>
          {eT ? (
            <p id={errorId(`${id}-terms`)} className="mt-1 text-sm text-destructive">
              {eT}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}

// Honeypot is invisible to people and screen readers; a bot that fills it
// gets its lead refused by the server.
export function Honeypot({ id, form }: { id: string; form: Form }) {
  return (
    <div aria-hidden className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={`${id}-website`}>Website</label>
      <input id={`${id}-website`} tabIndex={-1} autoComplete="off" {...form.register('website')} />
    </div>
  )
}

export function SubmitButton({ busy, label, className }: { busy: boolean; label: string; className?: string }) {
  return (
    <Button type="submit" size="lg" className={className ?? 'w-full'} disabled={busy} aria-busy={busy || undefined}>
      {busy ? <Spinner /> : null}
      {busy ? 'Sending…' : label}
    </Button>
  )
}
