import { useEffect, useState } from 'react'
import { cn } from '@/lib/utils'
import { useAutogauge } from '../api/get-autogauge'
import { formatDollars } from '../lib/format'
import { autogaugeTone, autogaugeVisible, dealLabel, limits } from '../lib/rules'
import { Section } from './sections'

const toneClass = {
  low: 'bg-destructive',
  medium: 'bg-warning',
  high: 'bg-success',
} as const

// PriceComparison: where the price sits in the market range, hidden by the
// visibility rules (docs/behaviour/validation.md and docs/behaviour/constants.md); nothing shows on failure.
export function PriceComparison({ slug }: { slug: string }) {
  const { data } = useAutogauge(slug, true)
  const shown = autogaugeVisible(data)
  // The marker moves in from the left over 2.5 s once the data is in.
  const [fill, setFill] = useState<number | null>(null)
  useEffect(() => {
    if (!shown) return
    const id = requestAnimationFrame(() => setFill(shown.fill))
    return () => cancelAnimationFrame(id)
  }, [shown?.fill]) // eslint-disable-line react-hooks/exhaustive-deps
  if (!shown) return null
  const tone = autogaugeTone(shown.fill)
  const at = fill === null ? 0 : Math.round(Math.min(1, Math.max(0, 1 - fill)) * 100)
  return (
    <Section title="Price Comparison">
      <div data-testid="price-comparison" data-tone={tone} data-fill={shown.fill}>
        <p className="text-lg font-bold">{dealLabel(shown.fill)}</p>
        <p className="text-sm text-muted-foreground">
          This price {formatDollars(shown.listingPrice)} against a market range of {formatDollars(shown.min)} to {formatDollars(shown.max)}.
        </p>
        {/* Low on the left, high on the right, as a buyer reads a range;
            the marker sits at this car's price. Fill is 1 at the market low,
            so the price's place from the left is 1 - fill. */}
        <div
          role="meter"
          aria-label="Deal rating"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(shown.fill * 100)}
          aria-valuetext={`${dealLabel(shown.fill)}, ${Math.round(shown.fill * 100)} out of 100`}
          className="relative mt-4 h-4 w-full rounded-full bg-muted"
        >
          <div
            data-testid="price-comparison-bar"
            className={cn('absolute inset-y-0 left-0 rounded-full opacity-30 transition-[width] ease-out motion-reduce:transition-none', toneClass[tone])}
            style={{ width: `${at}%`, transitionDuration: `${limits.autogaugeAnimationMs}ms` }}
          />
          <div
            data-testid="price-comparison-marker"
            className={cn(
              'absolute top-1/2 size-5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-background shadow transition-[left] ease-out motion-reduce:transition-none',
              toneClass[tone],
            )}
            style={{ left: `${at}%`, transitionDuration: `${limits.autogaugeAnimationMs}ms` }}
          />
        </div>
        <div className="mt-2 flex justify-between text-xs text-muted-foreground" data-testid="price-comparison-ends">
          <span>Market low {formatDollars(shown.min)}</span>
          <span>Market high {formatDollars(shown.max)}</span>
        </div>
        {shown.description && <p className="mt-3 text-sm">{shown.description}</p>}
      </div>
    </Section>
  )
}
