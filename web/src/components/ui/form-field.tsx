import type { ReactNode } from 'react'
import { cn } from '@/lib/utils'
import { Label } from './label'

// FormField lays out a label, one control and its error text. The control
// must carry id={id}, aria-invalid and aria-describedby={errorId(id)} so the
// error is read with it; fieldA11y gives those props.
export function FormField({
  id,
  label,
  error,
  required,
  className,
  hideLabel,
  children,
}: {
  id: string
  label: ReactNode
  error?: string
  required?: boolean
  className?: string
  hideLabel?: boolean
  children: ReactNode
}) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id} className={hideLabel ? 'sr-only' : undefined}>
        {label}
        {required ? (
          <span aria-hidden className="text-destructive">
            {' '}*
          </span>
        ) : null}
      </Label>
      {children}
      {error ? (
        <p id={errorId(id)} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  )
}

export function errorId(id: string) {
  return `${id}-error`
}

export function fieldA11y(id: string, error?: string, required?: boolean) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId(id) : undefined,
    'aria-required': required || undefined,
  } as const
}
