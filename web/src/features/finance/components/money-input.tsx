import { useKeepTyped } from '@/lib/keep-typed'
import { useState, type ReactNode } from 'react'
import { cn } from '@/lib/utils'
import { groupDigits } from '../lib/maths'

export interface MoneyInputProps {
  id: string
  label: ReactNode
  value: number
  // onCommit gets the typed text as the buyer types (so the result follows
  // at once) and again when they leave the field or press Enter.
  onCommit: (raw: string) => void
  onInput?: () => void
  help?: string | null
  helpTone?: 'muted' | 'warning'
  className?: string
}

// MoneyInput is a dollar amount with a $ prefix and thousands separators.
// While the buyer types, the text stays as typed (the value already follows
// it); leaving the field shows the value the rules made of it, formatted.
export function MoneyInput({ id, label, value, onCommit, onInput, help, helpTone = 'muted', className }: MoneyInputProps) {
  const [draft, setDraft] = useState<string | null>(null)
  // An amount typed before the page was hydrated is kept.
  const keepTyped = useKeepTyped<HTMLInputElement>(undefined, true)
  const helpId = help ? `${id}-help` : undefined
  const commit = () => {
    if (draft !== null) onCommit(draft)
    setDraft(null)
  }
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <div className="flex h-10 items-center rounded-md border border-input bg-background focus-within:ring-2 focus-within:ring-ring">
        <span className="pl-3 pr-1 text-muted-foreground" aria-hidden>
          $
        </span>
        <input
          ref={keepTyped}
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          className="h-full w-full min-w-0 rounded-md bg-transparent pr-3 tabular-nums outline-none"
          value={draft ?? groupDigits(value)}
          aria-describedby={helpId}
          onChange={(e) => {
            setDraft(e.target.value)
            onInput?.()
            onCommit(e.target.value)
          }}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault()
              commit()
            }
          }}
        />
      </div>
      {help ? (
        <p id={helpId} className={cn('text-sm', helpTone === 'warning' ? 'font-medium text-destructive' : 'text-muted-foreground')}>
          {help}
        </p>
      ) : null}
    </div>
  )
}
