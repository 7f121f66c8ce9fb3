import { LoaderCircle } from 'lucide-react'
import { cn } from '@/lib/utils'

// Spinner is decorative; the button or region around it says what is
// happening (e.g. aria-busy, or a visually hidden label).
export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <>
      <LoaderCircle aria-hidden className={cn('size-4 animate-spin', className)} />
      {label ? <span className="sr-only">{label}</span> : null}
    </>
  )
}
