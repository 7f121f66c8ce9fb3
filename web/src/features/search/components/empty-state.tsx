import { SearchX } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'

// docs/behaviour/errors.md, No results (car search): 'Clear Filters' goes to the
// site's refresh path, /special-offers unless the site names another.
export const defaultRefreshPath = '/special-offers'

export function EmptyState({ refreshPath }: { refreshPath: string }) {
  return (
    <section aria-label="No results" className="rounded-lg border bg-muted/50 px-6 py-12 text-center">
      <SearchX aria-hidden className="mx-auto size-10 text-muted-foreground" />
      {/* One sentence pair, kept whole as docs/behaviour/README.md words it. */}
      <p className="mx-auto mt-4 max-w-md text-lg font-medium">
        No results found for your search at this time. Please try adjusting the filters for more results.
      </p>
      <Button asChild className="mt-6">
        <Link to={refreshPath || defaultRefreshPath}>Clear Filters</Link>
      </Button>
    </section>
  )
}
