import { LocationsSummary } from '@/features/locations'
import { ReviewsSection } from '@/features/reviews'
import { FeaturedStock } from './featured-stock'

// The home page's parts below the banner and feature links: their own chunk,
// loaded when the visitor scrolls near them, so the banner stays the first
// and largest paint.
export default function HomeBelowFold({ searchPath }: { searchPath: string }) {
  return (
    <>
      <FeaturedStock searchPath={searchPath} />
      <ReviewsSection strip />
      <LocationsSummary />
    </>
  )
}
