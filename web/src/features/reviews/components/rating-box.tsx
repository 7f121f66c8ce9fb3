import { useSite } from '@/lib/site'
import { cn } from '@/lib/utils'
import { formatRating, formatReviewCount, showStars } from '../lib/stars'
import { StarRow } from './star-row'

// RatingBox is the review-rating box linking to the page's #reviews
// (docs/behaviour/screens.md#locations-page); nothing when stars are not shown.
export function RatingBox({ average, count, className }: { average: number; count: number; className?: string }) {
  const site = useSite()
  if (!showStars(average, count, site.reviews)) return null
  return (
    <a
      href="#reviews"
      className={cn('inline-flex items-center gap-2 rounded-md border px-3 py-1.5 text-sm hover:bg-muted', className)}
    >
      <span className="font-semibold">{formatRating(average)}</span>
      <StarRow average={average} className="text-amber-500" />
      <span>
        {formatReviewCount(count)} reviews<span className="sr-only"> (rated {formatRating(average)} out of 5)</span>
      </span>
    </a>
  )
}
