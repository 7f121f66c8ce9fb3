import { SearchX } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { useSite } from '@/lib/site'
import { stockCount } from '@/lib/stock-count'
import type { SearchResponse } from '../api/get-search'

// docs/behaviour/errors.md, No results (car search): 'Clear Filters' goes to the
// site's refresh path, /special-offers unless the site names another.
export const defaultRefreshPath = '/special-offers'

type Props = {
  refreshPath: string
  // The listing the suggestions would have offered for the typed words,
  // when they found nothing ("toyta hilx": Toyota HiLux).
  didYouMean?: SearchResponse['did_you_mean']
}

export function EmptyState({ refreshPath, didYouMean }: Props) {
  const { wording } = useSite()
  return (
    <section aria-label="No results" className="rounded-lg border bg-muted/50 px-6 py-12 text-center">
      <SearchX aria-hidden className="mx-auto size-10 text-muted-foreground" />
      {didYouMean && (
        <p className="mx-auto mt-4 max-w-md text-lg font-semibold">
          Did you mean{' '}
          <Link to={didYouMean.path} className="text-primary underline underline-offset-4 hover:no-underline">
            {didYouMean.label}
          </Link>
          ? <span className="font-normal text-muted-foreground">({stockCount(didYouMean.count, wording)})</span>
        </p>
      )}
      {/* One sentence pair, kept whole as docs/behaviour/errors.md#no-results-car-search words it. */}
      <p className="mx-auto mt-4 max-w-md text-lg font-medium">
        No results found for your search at this time. Please try adjusting the filters for more results.
      </p>
      <Button asChild className="mt-6">
        <Link to={refreshPath || defaultRefreshPath}>Clear Filters</Link>
      </Button>
    </section>
  )
}
