import { useId } from 'react'
import type { CarSummary } from '../lib/kinds'
import { LeadForm } from './lead-form'

// FindSimilarForm is the sold car's request panel
// (docs/behaviour/states.md#availability, docs/behaviour/errors.md#sold-car):
// the sold notice, then a form that asks the dealer to find a similar
// car; the lead carries the sold car's fields.
export function FindSimilarForm({ car, className }: { car: CarSummary; className?: string }) {
  const id = useId()
  const type = car.item_type === 'caravan' ? 'caravan' : 'car'
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-xl font-semibold">
        Find Me Something Similar
      </h2>
      <p className="mt-2 font-medium">Unfortunately this {type} recently sold.</p>
      <p className="mt-1 text-muted-foreground">But don't worry, we can help you find a similar {type}!</p>
      <LeadForm kind="find_similar" car={car} className="mt-4" />
    </section>
  )
}
