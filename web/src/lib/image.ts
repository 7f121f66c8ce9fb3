// Pictures from the site's own image service (/img/...) come at any width:
// asking for the width the page shows keeps the bytes down, and the service
// answers WebP to a browser that accepts it. Any other address is used as
// given, with no srcset, since nothing is known of its sizes.

export const IMAGE_QUALITY = 75

export function isServiceImage(src: string): boolean {
  return src.startsWith('/img/')
}

// sizedImage is src at the given width (and quality) when the image service
// draws it; any other address unchanged.
export function sizedImage(src: string, width: number, quality = IMAGE_QUALITY): string {
  if (!isServiceImage(src)) return src
  let u: URL
  try {
    u = new URL(src, 'http://local.invalid')
  } catch {
    return src
  }
  u.searchParams.set('w', String(width))
  u.searchParams.set('q', String(quality))
  return `${u.pathname}${u.search}`
}

// sizedSrcSet offers the browser each width; undefined for an address the
// image service does not draw.
export function sizedSrcSet(src: string, widths: readonly number[], quality = IMAGE_QUALITY): string | undefined {
  if (!isServiceImage(src)) return undefined
  return widths.map((w) => `${sizedImage(src, w, quality)} ${w}w`).join(', ')
}
