import { useEffect, useMemo, useRef, useState } from 'react'
import { useForm, type Resolver } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { ApiError } from '@/lib/api'
import { nationalMobile } from '@/lib/phone'
import { useSession } from '@/lib/session'
import { useSite } from '@/lib/site'
import { viewingWords } from '@/lib/viewing'
import { dayLabel, timeLabel, useOpenDays } from '../api/get-appointments'
import { failureMessage, useSubmitLead } from '../api/submit-lead'
import { defaultLocationId, resolvePlan, type CarSummary, type LeadKind } from '../lib/kinds'
import { buildLeadPayload } from '../lib/payload'
import { leadSchema, serverFieldToInput, type Booking, type LeadFormValues } from '../lib/schema'
import { loadUserDetails } from '../lib/stored-details'
import { texts } from '../lib/texts'
import type { Location } from '@/lib/api'

export type LeadFormOptions = {
  kind: LeadKind
  car?: CarSummary
  // A location's own form: its id travels as the hidden location_id.
  location?: Pick<Location, 'id' | 'name' | 'dealership_slug'>
  hideDealership?: boolean
  // Extra payload fields (kept as received by the server).
  extra?: Record<string, unknown>
  // Heading of the form; names the lead on /success.
  title?: string
  // The message box's starting text (the visitor may change it).
  message?: string
  failureText?: string
  onSubmitted?: (leadId: string) => void
  stay?: boolean
  // A fixed subcategory (e.g. 'Spin to Win' on that page's form): the
  // category selector is not shown.
  subcategory?: string
  // The category selector's starting choice (a link to
  // /contact?category=Delivery%20Quote), when it is one of the site's.
  category?: string
}

function defaults(categoryDefault: string, message = ''): LeadFormValues {
  const d = loadUserDetails()
  return {
    ...d,
    message,
    rego: '',
    subcategory: categoryDefault,
    location_id: '',
    dealership_slug: '',
    opt_in: true, // docs/behaviour/validation.md: opt-in defaults to true
    terms: false,
    date: '',
    time: '',
    position: '',
    service_type: '',
    km: '',
    options: {},
    website: '',
  }
}

// askedFor says what a booking booked, for /success to repeat: the day
// and time of the chosen slot (its own date, not the date box's) and
// where; '' when no time was booked, so /success never claims one.
export function askedFor(
  plan: { testDrive?: boolean; service?: boolean; subcategory?: string },
  values: Pick<LeadFormValues, 'time'>,
  where = '',
): string {
  const date = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}/.exec(values.time)?.[1]
  if (!(plan.testDrive || plan.service) || !date) return ''
  const what = plan.service ? 'Service' : plan.subcategory === viewingWords.inspection.subcategory ? 'Inspection' : 'Test drive'
  return `${what} on ${dayLabel(date)} at ${timeLabel(values.time)}${where ? ` at ${where}` : ''}`
}

// useLeadForm wires one lead form: its plan from the site's flags, the zod
// rules, prefilled stored details, and a submit that maps the server's
// field errors onto the inputs and keeps everything typed on failure.
export function useLeadForm(opts: LeadFormOptions) {
  const site = useSite()
  const ctx = { site, car: opts.car, location: opts.location, hideDealership: opts.hideDealership }
  const plan = useMemo(() => {
    const p = resolvePlan(opts.kind, { site, car: opts.car, location: opts.location, hideDealership: opts.hideDealership })
    return opts.subcategory ? { ...p, categorySelect: false, subcategory: opts.subcategory } : p
  }, [opts.kind, site, opts.car, opts.location, opts.hideDealership, opts.subcategory])
  const title = opts.title ?? plan.title
  // The booking rules read the chosen location's open days when the form
  // is checked (docs/behaviour/validation.md#bookings).
  const booking = useRef<Booking>({ where: '' })
  const schema = useMemo(
    () => leadSchema(plan, { departmentWording: site.wording.department_placeholder, country: site.country, booking: () => booking.current }),
    [plan, site],
  )
  const form = useForm<LeadFormValues>({
    resolver: zodResolver(schema) as unknown as Resolver<LeadFormValues>,
    defaultValues: defaults(opts.category && plan.categories.includes(opts.category) ? opts.category : texts.defaultCategory, opts.message),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  })
  // Where a booking is made: the car's location, the page's, the visitor's
  // choice, or the form's only (or main) location of its department.
  const locationChoice = form.watch('location_id')
  const isBooking = plan.testDrive || plan.service
  const bookingLocationId = isBooking
    ? opts.car?.location_id ||
      opts.location?.id ||
      (locationChoice ? Number(locationChoice) : undefined) ||
      (!plan.showLocation ? defaultLocationId(site, plan) : undefined)
    : undefined
  const openDays = useOpenDays(bookingLocationId)
  const where = site.locations.find((l) => l.id === bookingLocationId)?.name ?? opts.location?.name ?? ''
  booking.current = { window: openDays.data, where }
  // A signed-in buyer's mobile fills the mobile input while it is empty:
  // the session answers after the form is drawn, and what was typed stays.
  const session = useSession()
  const knownPhone = session.status === 'signed-in' ? nationalMobile(session.phone, site.country) : ''
  useEffect(() => {
    if (knownPhone && !form.getValues('phone').trim()) form.setValue('phone', knownPhone)
  }, [knownPhone, form])
  const [failure, setFailure] = useState('')
  const [serverErrors, setServerErrors] = useState<string[]>([])
  const { submit, isSubmitting } = useSubmitLead({
    kind: opts.kind,
    car: opts.car,
    noun: plan.noun,
    stay: opts.stay,
    onSuccess: opts.onSubmitted ? (c) => opts.onSubmitted?.(c.lead_id) : undefined,
  })

  const onValid = async (values: LeadFormValues) => {
    setFailure('')
    setServerErrors([])
    const payload = buildLeadPayload({ kind: opts.kind, plan, values, context: ctx, extra: opts.extra })
    try {
      await submit(payload, values, askedFor(plan, values, where))
    } catch (err) {
      const fallback = opts.failureText ?? texts.genericFailure
      if (err instanceof ApiError && Object.keys(err.fields).length > 0) {
        const unplaced: string[] = []
        let first = true
        for (const [key, message] of Object.entries(err.fields)) {
          const input = serverFieldToInput(key)
          if (input && inputShown(input)) {
            form.setError(input, { type: 'server', message }, { shouldFocus: first })
            first = false
          } else {
            unplaced.push(message)
          }
        }
        // Fields with no input here (e.g. the hidden bot trap) read as one
        // alert when nothing else is wrong, else join the error list.
        if (first) setFailure(unplaced.length === 1 ? unplaced[0]! : failureMessage(err, fallback))
        else setServerErrors(unplaced)
      } else {
        setFailure(failureMessage(err, fallback))
      }
    }
  }

  // inputShown tells whether a server field has an input in this form.
  function inputShown(k: keyof LeadFormValues): boolean {
    switch (k) {
      case 'last_name':
        return Boolean(plan.lastName)
      case 'postcode':
        return Boolean(plan.postcode)
      case 'rego':
        return plan.rego
      case 'subcategory':
        return plan.categorySelect
      case 'location_id':
        return plan.showLocation
      case 'dealership_slug':
        return plan.showDealership
      case 'terms':
        return plan.terms
      case 'date':
      case 'time':
        return plan.testDrive || plan.service
      case 'position':
        return plan.position
      default:
        return true
    }
  }

  return {
    form,
    plan,
    site,
    title,
    failure,
    serverErrors,
    isSubmitting: isSubmitting || form.formState.isSubmitting,
    onSubmit: form.handleSubmit(onValid),
    bookingLocationId,
    openDays: openDays.data,
  }
}
