import { imageUrl as sizedUrl } from '@/lib/image'

// docs/behaviour/constants.md: dollars with thousands separators, no cents.
const whole = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 0 })

export const formatNumber = (n: number) => whole.format(n)
export const formatDollars = (n: number) => `$${whole.format(n)}`
export const formatKm = (km: number) => `${whole.format(km)} km`

// docs/behaviour/calls.md: images from the image service with a width and
// quality; the vehicle page's main picture is asked for at quality 80.
export const VEHICLE_IMAGE_QUALITY = 80

export function imageUrl(src: string, width: number, quality = VEHICLE_IMAGE_QUALITY): string {
  return sizedUrl(src, width, quality)
}

export function imageSrcSet(src: string, widths: readonly number[] = [400, 600, 800, 1000, 1200, 1600]): string {
  return widths.map((w) => `${imageUrl(src, w)} ${w}w`).join(', ')
}
