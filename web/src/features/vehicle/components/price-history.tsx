import type { CarDetail } from '@/lib/api'
import { formatDollars } from '../lib/format'
import { historyDay } from '../lib/price-drop'
import { Section } from './sections'

// The chart's drawing box; the SVG scales to its column.
const W = 320
const H = 96
const PAD = 8

// PriceHistory is the car page's price history: a small step chart of the
// price over time and, for every reader, the same as a table with a
// caption. It loads after the page's first screen.
export function PriceHistory({ car }: { car: CarDetail }) {
  const h = car.price_history
  if (h.length < 2) return null
  const times = h.map((p) => Date.parse(`${p.date}T00:00:00Z`))
  const t0 = times[0]!
  const tLast = times[times.length - 1]!
  // The last price runs on a little past its change: it still holds.
  const end = tLast + Math.max((tLast - t0) * 0.15, 86_400_000)
  const span = end - t0
  const prices = h.map((p) => p.price)
  const lo = Math.min(...prices)
  const hi = Math.max(...prices)
  const x = (t: number) => PAD + ((t - t0) / span) * (W - 2 * PAD)
  const y = (p: number) => (hi === lo ? H / 2 : PAD + ((hi - p) / (hi - lo)) * (H - 2 * PAD))
  // A step line: each price holds until the next change.
  let d = `M${x(t0).toFixed(1)},${y(prices[0]!).toFixed(1)}`
  for (let i = 1; i < h.length; i++) d += `H${x(times[i]!).toFixed(1)}V${y(prices[i]!).toFixed(1)}`
  d += `H${x(end).toFixed(1)}`
  return (
    <Section title="Price history" id="price-history">
      <svg viewBox={`0 0 ${W} ${H}`} className="mb-4 h-24 w-full text-primary" aria-hidden focusable="false" preserveAspectRatio="none">
        <path d={d} fill="none" stroke="currentColor" strokeWidth="2" vectorEffect="non-scaling-stroke" />
      </svg>
      <table className="w-full text-sm">
        <caption className="sr-only">The car's price since it was listed, oldest first</caption>
        <thead className="text-left text-muted-foreground">
          <tr>
            <th scope="col" className="py-1 font-medium">
              Date
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Price
            </th>
          </tr>
        </thead>
        <tbody>
          {h.map((p, i) => (
            <tr key={`${p.date}-${i}`} className="border-t">
              <td className="py-1">
                {historyDay(p.date, true)}
                {i === 0 && <span className="text-muted-foreground"> (listed)</span>}
              </td>
              <td className="py-1 text-right tabular-nums">{formatDollars(p.price)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  )
}
