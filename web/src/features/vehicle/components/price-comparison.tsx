import { useEffect, useState } from 'react'
import { cn } from '@/lib/utils'
import { useAutogauge } from '../api/get-autogauge'
import { formatDollars } from '../lib/format'
import { autogaugeTone, autogaugeVisible, dealLabel, limits } from '../lib/rules'
import { Section } from './sections'

const toneClass = {
  low: 'bg-destructive',
  medium: 'bg-[var(--warning,#b45309)]',
  high: 'bg-[var(--success,#15803d)]',
} as const

// PriceComparison: where the price sits in the market range, hidden by the
// visibility rules (SPEC.md sections 5 and 9); nothing shows on failure.
export function PriceComparison({ slug }: { slug: string }) {
  const { data } = useAutogauge(slug, true)
  const shown = autogaugeVisible(data)
  // The bar fills from 0 over 2.5 s once the data is in.
  const [fill, setFill] = useState(0)
  useEffect(() => {
    if (!shown) return
    const id = requestAnimationFrame(() => setFill(shown.fill))
    return () => cancelAnimationFrame(id)
  }, [shown?.fill]) // eslint-disable-line react-hooks/exhaustive-deps
  if (!shown) return null
  const tone = autogaugeTone(shown.fill)
  const pct = Math.round(fill * 100)
  return (
    <Section title="Price Comparison">
      <div data-testid="price-comparison" data-tone={tone} data-fill={shown.fill}>
        <p className="text-lg font-bold">{dealLabel(shown.fill)}</p>
        <p className="text-sm text-muted-foreground">
          This price {formatDollars(shown.listingPrice)} against a market range of {formatDollars(shown.min)} to {formatDollars(shown.max)}.
        </p>
        <div
          role="meter"
          aria-label="Deal rating"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(shown.fill * 100)}
          aria-valuetext={`${dealLabel(shown.fill)}, ${Math.round(shown.fill * 100)} out of 100`}
          className="mt-4 h-4 w-full overflow-hidden rounded-full bg-muted"
        >
          <div
            className={cn('h-full rounded-full transition-[width] ease-out motion-reduce:transition-none', toneClass[tone])}
            style={{ width: `${pct}%`, transitionDuration: `${limits.autogaugeAnimationMs}ms` }}
          />
        </div>
        <div className="mt-1 flex justify-between text-xs text-muted-foreground">
          <span>Market high {formatDollars(shown.max)}</span>
          <span>Market low {formatDollars(shown.min)}</span>
        </div>
        {shown.description && <p className="mt-3 text-sm">{shown.description}</p>}
      </div>
    </Section>
  )
}
