import { useId } from 'react'
import { useMutation } from '@tanstack/react-query'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { FormField, fieldA11y } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { api, ApiError } from '@/lib/api'
import { emailRule } from '@/lib/lead-schema'
import { z } from '@/lib/zod'

const schema = z.object({ email: emailRule })
type Values = z.infer<typeof schema>

// UnsubscribeForm records a request to stop marketing email; the dealer
// finds it in the site's miscellaneous log (POST /api/miscellaneous). Like
// every form, it is a react-hook-form form checked by zod: the address is
// checked by the lead forms' own rule before it is sent, and a server's
// word on it lands on the field.
export function UnsubscribeForm() {
  const id = useId().replace(/:/g, '') + '-email'
  const send = useMutation({
    mutationFn: (address: string) =>
      api('post', '/api/miscellaneous', { body: { column_name: 'unsubscribe', email: address } }),
  })
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: '' } })
  const { errors, isSubmitting } = form.formState
  const submit = form.handleSubmit(async ({ email }) => {
    try {
      await send.mutateAsync(email)
    } catch (err) {
      const field = err instanceof ApiError ? err.fields.email : undefined
      if (field) form.setError('email', { message: field })
      else form.setError('root.server', { type: 'server', message: err instanceof ApiError ? err.message : 'Please try again.' })
    }
  })
  if (send.isSuccess) {
    return (
      <p role="status" className="mt-6 rounded-lg border bg-muted p-5">
        {send.variables} will receive no more marketing email from us. It can take up to 5 business days to take effect.
      </p>
    )
  }
  const fieldError = errors.email?.message ?? ''
  const formError = errors.root?.server?.message ?? ''
  return (
    <form
      aria-label="Unsubscribe"
      className="mt-6 max-w-md space-y-4 rounded-lg border bg-background p-5 shadow-sm"
      noValidate
      onSubmit={(e) => void submit(e)}
    >
      {formError && <Alert variant="destructive">{formError}</Alert>}
      <FormField id={id} label="Email address" error={fieldError} required>
        <Input {...fieldA11y(id, fieldError, true)} {...form.register('email')} type="email" autoComplete="email" />
      </FormField>
      <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
        Unsubscribe
      </Button>
    </form>
  )
}
