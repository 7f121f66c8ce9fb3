import type { ComponentProps } from 'react'
import { useKeepTyped } from '@/lib/keep-typed'
import { cn } from '@/lib/utils'
import { fieldClasses } from './input'

// Text typed before the page was hydrated is kept (lib/keep-typed.ts).
export function Textarea({ className, rows = 4, ref, ...props }: ComponentProps<'textarea'>) {
  const keepTyped = useKeepTyped(ref, props.value !== undefined)
  return <textarea ref={keepTyped} rows={rows} className={cn(fieldClasses, 'min-h-20 py-2', className)} {...props} />
}
