import type { CarDetail } from '@/lib/api'
import { formatDollars } from './format'

type History = CarDetail['price_history']

// Prices of 10 or less are placeholders ('Enquire for price'), never a drop.
const placeholderPrice = 10

// historyDay is a history date (YYYY-MM-DD) as a car page says it: "12 Nov".
// The date is already the site's day, so it is read and written in UTC.
export function historyDay(date: string, withYear = false): string {
  const d = new Date(`${date}T00:00:00Z`)
  if (Number.isNaN(d.getTime())) return date
  return d.toLocaleDateString('en-AU', { day: 'numeric', month: 'short', year: withYear ? 'numeric' : undefined, timeZone: 'UTC' })
}

// priceDropText says when and by how much the price last dropped, while
// its last change is a drop: "Price dropped $1,500 on 12 Nov"; else null.
export function priceDropText(history: History | undefined): string | null {
  const n = history?.length ?? 0
  if (!history || n < 2) return null
  const last = history[n - 1]!
  const prev = history[n - 2]!
  if (last.price <= placeholderPrice || prev.price <= last.price) return null
  return `Price dropped ${formatDollars(prev.price - last.price)} on ${historyDay(last.date)}`
}
