// Pictures from the site's own image service (/img/...) come at any width:
// asking for the width the page shows keeps the bytes down, and the service
// answers WebP to a browser that accepts it. Any other address is used as
// given, with no srcset, since nothing is known of its sizes.

export const IMAGE_QUALITY = 75

export function isServiceImage(src: string): boolean {
  return src.startsWith('/img/')
}

// imageUrl asks for a width and quality. Our own addresses (and any other
// that parses) get w and q set; an address that does not parse is used as
// given rather than broken.
export function imageUrl(src: string, width: number, quality = IMAGE_QUALITY): string {
  return withParams(src, width, quality)
}

// imageWidthUrl asks for a width alone, which the image service draws at
// its default quality (75). The model pictures, make logos, location maps
// and banners have always been asked for so, and the service keeps the
// pictures by address: their addresses stay as they were.
export function imageWidthUrl(src: string, width: number): string {
  return withParams(src, width)
}

function withParams(src: string, width: number, quality?: number): string {
  const local = src.startsWith('/')
  let u: URL
  try {
    u = new URL(src, 'http://local.invalid')
  } catch {
    return src
  }
  u.searchParams.set('w', String(width))
  if (quality === undefined) u.searchParams.delete('q')
  else u.searchParams.set('q', String(quality))
  return local ? `${u.pathname}${u.search}` : u.toString()
}

// sizedImage is src at the given width (and quality) when the image service
// draws it; any other address unchanged.
export function sizedImage(src: string, width: number, quality = IMAGE_QUALITY): string {
  return isServiceImage(src) ? imageUrl(src, width, quality) : src
}

// sizedSrcSet offers the browser each width; undefined for an address the
// image service does not draw.
export function sizedSrcSet(src: string, widths: readonly number[], quality = IMAGE_QUALITY): string | undefined {
  if (!isServiceImage(src)) return undefined
  return widths.map((w) => `${sizedImage(src, w, quality)} ${w}w`).join(', ')
}
