import { ArrowLeft } from 'lucide-react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useId, useState, type ReactNode } from 'react'
import { useForm, type FieldValues, type UseFormReturn } from 'react-hook-form'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { FormField, fieldA11y } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { ApiError } from '@/lib/api'
import { useDocumentTitle } from '@/lib/document-title'
import { z } from '@/lib/zod'
import { useSite } from '@/lib/site'
import { useSession } from '@/lib/session'
import { useRequestCode, useVerifyCode } from '../api/session-actions'
import { isMobileNumber, mobileExample, phoneMessage } from '../lib/phone'
import { defaultText, isPurpose, purposeText, sameSitePath } from '../lib/redirect'

const codeMessage = 'Please enter the 6-digit code we sent you.'

// failure splits an API error into a message for one field, or for the form
// (429 too many tries, 503 sign-in not offered, anything else).
function failure(err: unknown, field: 'phone' | 'code'): { field?: string; form?: string } {
  if (err instanceof ApiError) {
    if (err.fields[field]) return { field: err.fields[field] }
    return { form: err.message }
  }
  return { form: 'Something went wrong. Please try again.' }
}

// SignInPage is /sign-in (docs/behaviour/screens.md): the visitor's mobile number,
// then the 6-digit code texted to it. After it the visitor goes to
// `redirect` when it is a path on this site, or home; `back` leaves.
export function SignInPage({ note }: { note?: ReactNode }) {
  const site = useSite()
  const [params] = useSearchParams()
  const navigate = useNavigate()
  // Asks the server only when this site has seen the visitor sign in.
  const session = useSession()
  const purpose = params.get('type')
  const text = isPurpose(purpose) ? purposeText[purpose] : defaultText
  const target = sameSitePath(params.get('redirect')) ?? '/'
  const back = sameSitePath(params.get('back'))
  useDocumentTitle(`Sign In | ${site.name}`)

  const [step, setStep] = useState<'phone' | 'code'>('phone')
  // The number the code went to; the phone step starts from it again.
  const [phone, setPhone] = useState('')

  // Already signed in (or just signed in): straight on to the target.
  useEffect(() => {
    if (session.status === 'signed-in') void navigate(target, { replace: true })
  }, [session.status, navigate, target])

  return (
    <div className="mx-auto max-w-md px-4 py-10">
      {back && (
        <Link to={back} className="mb-6 inline-flex items-center gap-1 text-sm font-medium underline-offset-4 hover:underline">
          <ArrowLeft aria-hidden className="size-4" />
          Back
        </Link>
      )}
      <h1 className="text-3xl font-bold">{text.heading}</h1>
      <p className="mt-2 text-muted-foreground">{text.intro}</p>
      <div className="mt-6 rounded-lg border bg-background p-5 shadow-sm">
        {step === 'phone' ? (
          <PhoneStep
            country={site.country}
            initial={phone}
            onSent={(p) => {
              setPhone(p)
              setStep('code')
            }}
          />
        ) : (
          <CodeStep phone={phone} onChangeNumber={() => setStep('phone')} />
        )}
      </div>
      {note && <div className="mt-6 text-sm text-muted-foreground">{note}</div>}
    </div>
  )
}

// The two steps are react-hook-form forms checked by zod, as every form
// that takes a buyer's details is: the rules run on submit, a server's
// field message lands on its field and anything else above the form (the
// form's root.server error). The form's submitting state is the request's.
type PhoneValues = { phone: string }
type CodeValues = { code: string }

const formMessage = 'root.server'

// keepFormMessage puts a form's message back after a submit its own rules
// refused (a refused submit clears every message): the message above the
// form stays until a request is made.
function keepFormMessage<V extends FieldValues>(form: UseFormReturn<V>) {
  const message = form.formState.errors.root?.server?.message
  return () => {
    if (message) form.setError(formMessage, { type: 'server', message })
  }
}

const phoneSchema = (country: string) =>
  z.object({ phone: z.string().trim().refine((v) => isMobileNumber(v, country), phoneMessage) })
const codeSchema = z.object({ code: z.string().regex(/^\d{6}$/, codeMessage) })

function PhoneStep({ country, initial, onSent }: { country: string; initial: string; onSent: (phone: string) => void }) {
  const id = useId().replace(/:/g, '') + '-phone'
  const send = useRequestCode()
  const form = useForm<PhoneValues>({ resolver: zodResolver(phoneSchema(country)), defaultValues: { phone: initial } })
  const { errors, isSubmitting } = form.formState
  const fieldError = errors.phone?.message ?? ''
  const formError = errors.root?.server?.message ?? ''
  const field = form.register('phone', {
    // A number typed and left shows its slip at once; an empty box waits
    // for the submit.
    onBlur: () => {
      if (form.getValues('phone')) void form.trigger('phone')
    },
  })
  const submit = form.handleSubmit(async ({ phone }) => {
    try {
      await send.mutateAsync(phone)
    } catch (err) {
      const f = failure(err, 'phone')
      if (f.field) form.setError('phone', { message: f.field })
      if (f.form) form.setError(formMessage, { type: 'server', message: f.form })
      return
    }
    onSent(phone)
  }, keepFormMessage(form))
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4" aria-label="Mobile number">
      {formError && <Alert variant="destructive">{formError}</Alert>}
      <FormField id={id} label="Mobile number" error={fieldError} required>
        <Input
          {...fieldA11y(id, fieldError, true)}
          {...field}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={mobileExample(country)}
        />
      </FormField>
      <p className="text-sm text-muted-foreground">We will text a 6-digit code to this number.</p>
      <Button type="submit" className="w-full" disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting && <Spinner />}
        Send code
      </Button>
    </form>
  )
}

function CodeStep({ phone, onChangeNumber }: { phone: string; onChangeNumber: () => void }) {
  const id = useId().replace(/:/g, '') + '-code'
  const [notice, setNotice] = useState(`We sent a code to ${phone}.`)
  const verify = useVerifyCode()
  const resend = useRequestCode()
  const form = useForm<CodeValues>({ resolver: zodResolver(codeSchema), defaultValues: { code: '' } })
  const { errors, isSubmitting } = form.formState
  const fieldError = errors.code?.message ?? ''
  const formError = errors.root?.server?.message ?? ''
  const field = form.register('code', {
    // Digits only, at most six, as the buyer types or pastes.
    onChange: (e: { target: HTMLInputElement }) => {
      const digits = e.target.value.replace(/\D/g, '').slice(0, 6)
      if (digits !== e.target.value) form.setValue('code', digits)
    },
  })
  useEffect(() => form.setFocus('code'), [form])
  const submit = form.handleSubmit(async ({ code }) => {
    try {
      await verify.mutateAsync({ phone, code })
    } catch (err) {
      const f = failure(err, 'code')
      if (f.field) form.setError('code', { message: f.field })
      if (f.form) form.setError(formMessage, { type: 'server', message: f.form })
    }
  }, keepFormMessage(form))
  const again = () => {
    form.clearErrors(formMessage)
    resend.mutate(phone, {
      onSuccess: () => {
        form.reset({ code: '' })
        setNotice(`We sent a new code to ${phone}.`)
      },
      onError: (err) => {
        const message = failure(err, 'phone').field ?? failure(err, 'phone').form ?? ''
        if (message) form.setError(formMessage, { type: 'server', message })
      },
    })
  }
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4" aria-label="Verification code">
      <p role="status" className="text-sm">
        {notice}
      </p>
      {formError && <Alert variant="destructive">{formError}</Alert>}
      <FormField id={id} label="Verification code" error={fieldError} required>
        <Input
          {...fieldA11y(id, fieldError, true)}
          {...field}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
        />
      </FormField>
      <Button type="submit" className="w-full" disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting && <Spinner />}
        Verify
      </Button>
      <div className="flex flex-wrap justify-between gap-2">
        <Button type="button" variant="link" className="px-0" onClick={again} disabled={resend.isPending}>
          Send a new code
        </Button>
        <Button type="button" variant="link" className="px-0" onClick={onChangeNumber}>
          Use a different number
        </Button>
      </div>
    </form>
  )
}
