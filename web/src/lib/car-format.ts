import { imageUrl } from '@/lib/image'

// docs/behaviour/constants.md: numbers with thousands separators, dollars without cents.
const whole = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 0 })

export function formatKm(km: number): string {
  return `${whole.format(km)} km`
}

export function formatDollars(n: number): string {
  return `$${whole.format(n)}`
}

// docs/behaviour/calls.md: car images come from the image service with a width
// and quality (600x400 cards, quality 75): lib/image's imageUrl.
export { imageUrl }

// A card is 300-400 px wide on a wide screen and the screen's width on a
// phone (about 720 device pixels on a typical one).
export const cardImageWidths = [300, 400, 600, 800] as const

export function imageSrcSet(src: string): string {
  return cardImageWidths.map((w) => `${imageUrl(src, w)} ${w}w`).join(', ')
}
