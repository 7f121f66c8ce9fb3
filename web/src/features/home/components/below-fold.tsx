import { useStaged } from '@/lib/hydrate-later'
import { LocationsSummary } from '@/features/locations'
import { ReviewsSection } from '@/features/reviews'
import { FeaturedStock } from './featured-stock'

// The home page's parts below the banner and feature links: their own chunk,
// loaded when the visitor scrolls near them, so the banner stays the first
// and largest paint.
// Each part is drawn in a task of its own.
export default function HomeBelowFold({ searchPath }: { searchPath: string }) {
  const shown = useStaged(3)
  return (
    <>
      <FeaturedStock searchPath={searchPath} />
      {shown >= 2 && <ReviewsSection strip />}
      {shown >= 3 && <LocationsSummary />}
    </>
  )
}
