export { RatingBox } from './components/rating-box'
export { ReviewsSection } from './components/reviews-section'
export { StarRow } from './components/star-row'
export { formatRating, formatReviewCount, showStars, starFills } from './lib/stars'
