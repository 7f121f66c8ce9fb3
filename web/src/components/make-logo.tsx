import { useState } from 'react'
import { imageWidthUrl } from '@/lib/image'
import { imageSlug } from '@/lib/image-slug'

// makeLogoSlug names a make's logo picture (/img/make/land-rover.png), as
// the search facets name it.
export const makeLogoSlug = imageSlug

// makeMonogram is the initials a make's fallback tile shows: "Alfa Romeo"
// is "AR", "Mercedes-AMG" "MA", at most three letters.
export function makeMonogram(make: string): string {
  return make
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 3)
    .map((w) => w.charAt(0).toUpperCase())
    .join('')
}

// MakeLogo draws a make's logo tile. The image service draws a wordmark for
// the makes of the demo stock and a monogram for any other make; should the
// picture still not load, a monogram tile takes its place, never a broken
// image.
export function MakeLogo({ make, size = 96, className }: { make: string; size?: number; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null)
  const slug = makeLogoSlug(make)
  if (failed === make || !slug) {
    return (
      <span
        aria-hidden
        data-fallback="monogram"
        className={`flex shrink-0 items-center justify-center rounded-lg bg-muted font-bold text-muted-foreground ${className ?? ''}`}
        style={{ width: size, height: size, fontSize: Math.round(size * 0.36) }}
      >
        {makeMonogram(make)}
      </span>
    )
  }
  return (
    <img
      src={imageWidthUrl(`/img/make/${slug}.png`, size * 2 > 160 ? 320 : 160)}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(make)}
      className={`shrink-0 object-contain ${className ?? ''}`}
      style={{ width: size, height: size }}
    />
  )
}
