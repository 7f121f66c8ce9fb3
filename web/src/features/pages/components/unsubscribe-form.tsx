import { useId, useState } from 'react'
import { useMutation } from '@tanstack/react-query'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { ApiError, apiFetch } from '@/lib/api'

// UnsubscribeForm records a request to stop marketing email; the dealer
// finds it in the site's miscellaneous log (POST /api/miscellaneous).
export function UnsubscribeForm() {
  const id = useId()
  const [email, setEmail] = useState('')
  const send = useMutation({
    mutationFn: (address: string) =>
      apiFetch<{ success: boolean }>('/api/miscellaneous', { method: 'POST', body: { column_name: 'unsubscribe', email: address } }),
  })
  if (send.isSuccess) {
    return (
      <p role="status" className="mt-6 rounded-lg border bg-muted p-5">
        {email} will receive no more marketing email from us. It can take up to 5 business days to take effect.
      </p>
    )
  }
  const error = send.error instanceof ApiError ? (send.error.fields?.email ?? send.error.message) : send.error ? 'Please try again.' : ''
  return (
    <form
      className="mt-6 max-w-md space-y-4 rounded-lg border bg-background p-5 shadow-sm"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        send.mutate(email.trim())
      }}
    >
      <div className="space-y-2">
        <Label htmlFor={id}>Email address</Label>
        <Input
          id={id}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error ? (
          <p id={`${id}-error`} className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </div>
      <Button type="submit" disabled={send.isPending}>
        Unsubscribe
      </Button>
    </form>
  )
}
