import type { Site } from '@/lib/api'

// The review rating display (docs/behaviour/constants.md, Stars).

// showStars: only when the average exceeds the configured minimum and the
// site does not hide reviews.
export function showStars(average: number, count: number, cfg: Site['reviews']): boolean {
  return !cfg.hidden && count > 0 && average > cfg.stars_minimum
}

// formatRating gives the rating to one decimal.
export function formatRating(average: number): string {
  return average.toFixed(1)
}

// formatReviewCount adds thousands separators.
export function formatReviewCount(count: number): string {
  return Math.round(count).toLocaleString('en-AU')
}

// starFills is the star row, each star's fill from 0 to 1: at most 4 full
// stars, then one partial star, filled only when the fraction exceeds 0.30.
export function starFills(average: number): number[] {
  const r = Math.max(0, Math.min(5, average))
  const full = Math.min(4, Math.floor(r))
  const rest = r - full
  const partial = rest > 0.3 ? Math.min(1, rest) : 0
  return Array.from({ length: 5 }, (_, i) => (i < full ? 1 : i === full ? partial : 0))
}
