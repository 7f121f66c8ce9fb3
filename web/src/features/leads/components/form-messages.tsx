import { useId } from 'react'
import type { FieldErrors } from 'react-hook-form'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { fieldOrder, type LeadFormValues } from '../lib/schema'
import { texts } from '../lib/texts'

// errorList orders the form's field errors as the inputs appear.
export function errorList(errors: FieldErrors<LeadFormValues>): string[] {
  const out: string[] = []
  for (const k of fieldOrder) {
    const m = errors[k]?.message
    if (typeof m === 'string' && m && !out.includes(m)) out.push(m)
  }
  return out
}

// ErrorSummary lists every problem under the behaviour docs' heading once a submit
// was refused, so a visitor on a long form sees them all at once.
export function ErrorSummary({ errors }: { errors: string[] }) {
  const id = useId()
  if (errors.length === 0) return null
  return (
    <Alert variant="destructive" aria-labelledby={id}>
      <AlertTitle id={id}>{texts.errorsHeading}</AlertTitle>
      <AlertDescription>
        <ul className="list-disc space-y-0.5 pl-5">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  )
}

// FailureAlert says why the server refused or failed the lead.
export function FailureAlert({ message }: { message: string }) {
  if (!message) return null
  return (
    <Alert variant="destructive">
      <AlertDescription className="mt-0">{message}</AlertDescription>
    </Alert>
  )
}
