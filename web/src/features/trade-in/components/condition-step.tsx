import { useWatch, type FieldErrors } from 'react-hook-form'
import type { TradeInOptions } from '../api/trade-in'
import type { TradeInValues } from '../lib/flow'
import type { TradeInForm } from './use-trade-in-flow'

type Props = {
  id: string
  options: TradeInOptions
  form: TradeInForm
  errors: FieldErrors<TradeInValues>
}

// ConditionStep asks the site's condition questions, one choice each. The
// answers are one value of the form (question id to option id); answering a
// question clears its message.
export function ConditionStep({ id, options, form, errors }: Props) {
  const answers = useWatch({ control: form.control, name: 'answers' })
  return (
    <>
      {options.questions.map((q) => {
        const m = (errors.answers as Record<string, { message?: string } | undefined> | undefined)?.[q.id]?.message
        const e = typeof m === 'string' && m ? m : undefined
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
                    className="size-4 rounded-full accent-primary ring-1 ring-input focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    name={`${id}-${q.id}`}
                    value={o.id}
                    checked={answers[q.id] === o.id}
                    onChange={() => {
                      form.setValue('answers', { ...form.getValues('answers'), [q.id]: o.id })
                      form.clearErrors(`answers.${q.id}`)
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
