import { Quote } from 'lucide-react'
import { useSite } from '@/lib/site'
import { cn } from '@/lib/utils'
import { useReviews, type Review } from '../api/get-reviews'
import { formatRating, formatReviewCount, showStars } from '../lib/stars'
import { StarRow } from './star-row'

function ReviewCard({ review }: { review: Review }) {
  return (
    <figure className="flex h-full flex-col gap-2 rounded-lg border bg-background p-4 text-foreground">
      <div className="flex items-center justify-between gap-2">
        <StarRow average={review.rating} className="text-amber-500" />
        <span className="sr-only">Rated {review.rating} out of 5</span>
        <time className="text-xs text-muted-foreground" title={review.review_date}>
          {review.review_date_in_words}
        </time>
      </div>
      <blockquote className="flex-1 text-sm">
        <Quote aria-hidden className="mb-1 size-4 text-muted-foreground" />
        {review.text}
      </blockquote>
      <figcaption className="text-sm font-semibold">{review.customer_name}</figcaption>
      {review.reply_text && (
        <p className="rounded-md bg-muted p-2 text-xs">
          <span className="font-semibold">Reply from the dealer: </span>
          {review.reply_text}
        </p>
      )}
    </figure>
  )
}

// ReviewsSection is the #reviews anchor of the locations pages and the home
// page's strip (strip: one scrolling row). Reviews come from the site's
// sample set, filtered by the server (minimum rating, at most 12). The
// summary is the main location's rating (the server's); one location's page
// passes that location's, so the box linking here and the summary agree.
export function ReviewsSection({
  strip = false,
  className,
  rating,
}: {
  strip?: boolean
  className?: string
  rating?: { average_rating: number; count: number }
}) {
  const site = useSite()
  const { data } = useReviews(!site.reviews.hidden)
  if (site.reviews.hidden || !data || data.reviews.length === 0) return null
  const average = rating?.average_rating ?? data.average_rating
  const count = rating?.count ?? data.count
  const stars = showStars(average, count, site.reviews)
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className={cn('scroll-mt-24 space-y-4', className)}>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id="reviews-heading" className="text-2xl font-semibold">
          What our customers say
        </h2>
        {stars && (
          <p className="flex items-center gap-2 text-sm">
            <span className="text-lg font-semibold">{formatRating(average)}</span>
            <StarRow average={average} className="text-amber-500" />
            <span>from {formatReviewCount(count)} reviews</span>
          </p>
        )}
      </div>
      {strip ? (
        // contain-paint: the reviews scrolled out of the row are not the
        // page's width (a phone would zoom the page out).
        <ul
          className="flex snap-x gap-4 overflow-x-auto pb-2 contain-paint"
          aria-label="Customer reviews"
          tabIndex={0}
        >
          {data.reviews.map((r) => (
            <li key={r.id} className="w-72 shrink-0 snap-start">
              <ReviewCard review={r} />
            </li>
          ))}
        </ul>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {data.reviews.map((r) => (
            <li key={r.id}>
              <ReviewCard review={r} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
