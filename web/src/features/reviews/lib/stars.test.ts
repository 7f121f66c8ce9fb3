// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { formatRating, formatReviewCount, showStars, starFills } from './stars'

const cfg = { min_rating: 4, max: 12, hidden: false, stars_minimum: 4 }

// docs/behaviour/constants.md (Stars): shown only when the average exceeds the
// configured minimum and reviews are not hidden; one decimal; thousands
// separators; at most 4 full stars plus a partial one when the fraction
// exceeds 0.30.
describe('stars (docs/behaviour/constants.md)', () => {
  it.each([
    [4.6, 120, cfg, true],
    [4.0, 120, cfg, false], // must exceed, not equal
    [3.9, 120, cfg, false],
    [4.6, 120, { ...cfg, hidden: true }, false],
    [4.6, 120, { ...cfg, stars_minimum: 4.7 }, false],
    [4.6, 0, cfg, false],
  ])('showStars(%d, %d)', (avg, count, c, want) => {
    expect(showStars(avg, count, c)).toBe(want)
  })

  it.each([
    [4.64, '4.6'],
    [4, '4.0'],
    [4.95, '5.0'],
  ])('formatRating(%d) = %s', (v, want) => {
    expect(formatRating(v)).toBe(want)
  })

  it.each([
    [999, '999'],
    [1234, '1,234'],
    [2450, '2,450'],
  ])('formatReviewCount(%d) = %s', (v, want) => {
    expect(formatReviewCount(v)).toBe(want)
  })

  it.each([
    [4.2, [1, 1, 1, 1, 0]], // fraction 0.2: no partial star
    [4.3, [1, 1, 1, 1, 0]], // exactly 0.30 does not exceed it
    [4.7, [1, 1, 1, 1, 0.7]],
    [5, [1, 1, 1, 1, 1]], // capped at 4 full, the fifth a full 'partial'
    [3.5, [1, 1, 1, 0.5, 0]],
  ])('starFills(%d)', (v, want) => {
    const got = starFills(v)
    expect(got).toHaveLength(5)
    got.forEach((f, i) => expect(f).toBeCloseTo(want[i]!, 5))
  })
})
