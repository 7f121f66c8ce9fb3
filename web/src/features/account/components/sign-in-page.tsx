import { ArrowLeft } from 'lucide-react'
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { FormField, fieldA11y } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { ApiError } from '@/lib/api'
import { useDocumentTitle } from '@/lib/document-title'
import { useSite } from '@/lib/site'
import { useSession } from '../api/session'
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

// SignInPage is /sign-in (SPEC.md section 2): the visitor's mobile number,
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
  const [phone, setPhone] = useState('')
  const [sentTo, setSentTo] = useState('')

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
              setSentTo(p)
              setStep('code')
            }}
          />
        ) : (
          <CodeStep phone={sentTo} onChangeNumber={() => setStep('phone')} />
        )}
      </div>
      {note && <div className="mt-6 text-sm text-muted-foreground">{note}</div>}
    </div>
  )
}

function PhoneStep({ country, initial, onSent }: { country: string; initial: string; onSent: (phone: string) => void }) {
  const id = useId().replace(/:/g, '') + '-phone'
  const [value, setValue] = useState(initial)
  const [fieldError, setFieldError] = useState('')
  const [formError, setFormError] = useState('')
  const send = useRequestCode()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    setFormError('')
    if (!isMobileNumber(value, country)) {
      setFieldError(phoneMessage)
      return
    }
    setFieldError('')
    send.mutate(value.trim(), {
      onSuccess: () => onSent(value.trim()),
      onError: (err) => {
        const f = failure(err, 'phone')
        setFieldError(f.field ?? '')
        setFormError(f.form ?? '')
      },
    })
  }
  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label="Mobile number">
      {formError && <Alert variant="destructive">{formError}</Alert>}
      <FormField id={id} label="Mobile number" error={fieldError} required>
        <Input
          {...fieldA11y(id, fieldError, true)}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={mobileExample(country)}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onBlur={() => {
            if (value && !isMobileNumber(value, country)) setFieldError(phoneMessage)
          }}
        />
      </FormField>
      <p className="text-sm text-muted-foreground">We will text a 6-digit code to this number.</p>
      <Button type="submit" className="w-full" disabled={send.isPending} aria-busy={send.isPending}>
        {send.isPending && <Spinner />}
        Send code
      </Button>
    </form>
  )
}

function CodeStep({ phone, onChangeNumber }: { phone: string; onChangeNumber: () => void }) {
  const id = useId().replace(/:/g, '') + '-code'
  const [code, setCode] = useState('')
  const [fieldError, setFieldError] = useState('')
  const [formError, setFormError] = useState('')
  const [notice, setNotice] = useState(`We sent a code to ${phone}.`)
  const verify = useVerifyCode()
  const resend = useRequestCode()
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => input.current?.focus(), [])
  const submit = (e: FormEvent) => {
    e.preventDefault()
    setFormError('')
    if (!/^\d{6}$/.test(code)) {
      setFieldError(codeMessage)
      return
    }
    setFieldError('')
    verify.mutate(
      { phone, code },
      {
        onError: (err) => {
          const f = failure(err, 'code')
          setFieldError(f.field ?? '')
          setFormError(f.form ?? '')
        },
      },
    )
  }
  const again = () => {
    setFormError('')
    resend.mutate(phone, {
      onSuccess: () => {
        setCode('')
        setFieldError('')
        setNotice(`We sent a new code to ${phone}.`)
      },
      onError: (err) => setFormError(failure(err, 'phone').field ?? failure(err, 'phone').form ?? ''),
    })
  }
  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label="Verification code">
      <p role="status" className="text-sm">
        {notice}
      </p>
      {formError && <Alert variant="destructive">{formError}</Alert>}
      <FormField id={id} label="Verification code" error={fieldError} required>
        <Input
          {...fieldA11y(id, fieldError, true)}
          ref={input}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
        />
      </FormField>
      <Button type="submit" className="w-full" disabled={verify.isPending} aria-busy={verify.isPending}>
        {verify.isPending && <Spinner />}
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
