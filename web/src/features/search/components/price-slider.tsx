import { Slider } from 'radix-ui'
import { useEffect, useState } from 'react'
import type { SearchState } from '../api/get-search'
import { priceSlider, setPriceRange } from '../lib/search-url'

const dollars = (n: number) => `$${n.toLocaleString('en-AU')}`

function fromState(state: SearchState): [number, number] {
  const r = state.ranges.price
  const lo = Math.max(priceSlider.min, Math.min(r?.min ?? priceSlider.min, priceSlider.max))
  const hi = Math.min(priceSlider.max, Math.max(r?.max ?? priceSlider.max, priceSlider.min))
  return [Math.min(lo, hi), Math.max(lo, hi)]
}

// PriceSlider is the behaviour docs' two-handle price range (min 5000, max 250000,
// step 500, the min handle below the max); letting go searches.
export function PriceSlider({ state, onChange }: { state: SearchState; onChange: (next: SearchState) => void }) {
  const committed = fromState(state)
  const [value, setValue] = useState<[number, number]>(committed)
  const [lo, hi] = committed
  // Back, forward and cleared filters move the handles too.
  useEffect(() => setValue([lo, hi]), [lo, hi])
  return (
    <div className="mb-4 space-y-3">
      <div className="flex justify-between text-sm font-medium tabular-nums" aria-hidden>
        <span>{dollars(value[0])}</span>
        <span>{dollars(value[1])}</span>
      </div>
      <Slider.Root
        min={priceSlider.min}
        max={priceSlider.max}
        step={priceSlider.step}
        minStepsBetweenThumbs={1}
        value={value}
        onValueChange={(v) => setValue([v[0] ?? priceSlider.min, v[1] ?? priceSlider.max])}
        onValueCommit={(v) => onChange(setPriceRange(state, v[0] ?? priceSlider.min, v[1] ?? priceSlider.max))}
        className="relative flex h-5 touch-none select-none items-center"
      >
        <Slider.Track className="relative h-1.5 grow rounded-full bg-muted">
          <Slider.Range className="absolute h-full rounded-full bg-primary" />
        </Slider.Track>
        {(['Minimum price', 'Maximum price'] as const).map((label, i) => (
          <Slider.Thumb
            key={label}
            aria-label={label}
            aria-valuetext={dollars(value[i] ?? 0)}
            className="block size-5 rounded-full border-2 border-primary bg-background shadow focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          />
        ))}
      </Slider.Root>
    </div>
  )
}
