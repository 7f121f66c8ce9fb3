import type { Dispatch, SetStateAction } from 'react'
import type { TradeInOptions } from '../api/trade-in'
import type { Errors } from '../lib/flow'

type Props = {
  id: string
  options: TradeInOptions
  answers: Record<string, string>
  setAnswers: (a: Record<string, string>) => void
  errors: Errors
  setErrors: Dispatch<SetStateAction<Errors>>
}

// ConditionStep asks the site's condition questions, one choice each.
export function ConditionStep({ id, options, answers, setAnswers, errors, setErrors }: Props) {
  return (
    <>
      {options.questions.map((q) => {
        const key = `adjustmentAnswers.${q.id}`
        const e = errors[key]
        return (
          <fieldset
            key={q.id}
            aria-describedby={e ? `${id}-${q.id}-error` : undefined}
            aria-invalid={e ? true : undefined}
            className="rounded-md border border-border p-3"
          >
            <legend className="px-1 text-sm font-medium">{q.label}</legend>
            <div className="mt-1 flex flex-wrap gap-x-5 gap-y-2">
              {q.options.map((o) => (
                <label key={o.id} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    className="size-4 accent-primary"
                    name={`${id}-${q.id}`}
                    value={o.id}
                    checked={answers[q.id] === o.id}
                    onChange={() => {
                      setAnswers({ ...answers, [q.id]: o.id })
                      setErrors((prev) => {
                        const rest = { ...prev }
                        delete rest[key]
                        return rest
                      })
                    }}
                  />
                  {o.label}
                </label>
              ))}
            </div>
            {e && (
              <p id={`${id}-${q.id}-error`} className="mt-1 text-sm text-destructive">
                {e}
              </p>
            )}
          </fieldset>
        )
      })}
    </>
  )
}
