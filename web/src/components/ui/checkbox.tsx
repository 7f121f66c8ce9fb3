import type { ComponentProps } from 'react'
import { cn } from '@/lib/utils'

// Checkbox is the native input with the brand colour, so forms register it
// like any other field.
export function Checkbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <input
      type="checkbox"
      className={cn(
        'mt-0.5 size-4 shrink-0 rounded accent-primary ring-1 ring-input focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
        className,
      )}
      {...props}
    />
  )
}
