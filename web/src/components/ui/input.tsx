import type { ComponentProps } from 'react'
import { useKeepTyped } from '@/lib/keep-typed'
import { cn } from '@/lib/utils'

export const fieldClasses =
  'w-full rounded-md border border-input bg-background px-3 text-sm text-foreground placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive'

// Text typed before the page was hydrated is kept (lib/keep-typed.ts).
export function Input({ className, type = 'text', ref, ...props }: ComponentProps<'input'>) {
  const keepTyped = useKeepTyped(ref, props.value !== undefined)
  return <input ref={keepTyped} type={type} className={cn(fieldClasses, 'h-10 py-2', className)} {...props} />
}
