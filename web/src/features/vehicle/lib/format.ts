// SPEC.md section 9: dollars with thousands separators, no cents.
const whole = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 0 })

export const formatNumber = (n: number) => whole.format(n)
export const formatDollars = (n: number) => `$${whole.format(n)}`
export const formatKm = (km: number) => `${whole.format(km)} km`

// SPEC.md section 7: images from the image service with a width and quality.
export function imageUrl(src: string, width: number, quality = 80): string {
  const sep = src.includes('?') ? '&' : '?'
  return `${src}${sep}w=${width}&q=${quality}`
}

export function imageSrcSet(src: string, widths: readonly number[] = [400, 600, 800, 1000, 1200, 1600]): string {
  return widths.map((w) => `${imageUrl(src, w)} ${w}w`).join(', ')
}
