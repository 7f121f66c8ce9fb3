import { imageWidthUrl, isServiceImage } from '@/lib/image'

// docs/behaviour/screens.md, route "/": the banner carousel starts at index 1 and loops.
export const BANNER_START_INDEX = 1

// A banner picture is drawn 1600 x 600 and offered at these widths across
// the whole screen. The server preloads the opening slide's picture with
// the very same choice (internal/sitepages BannerPreload), held to it by
// internal/sitepages/testdata/banner-vectors.json.
export const BANNER_WIDTH = 1600
export const BANNER_HEIGHT = 600
const bannerWidths = [800, 1200, 1600] as const
export const bannerSizes = '100vw'

// bannerStart is the slide the carousel opens on, of count slides.
export function bannerStart(count: number): number {
  return Math.min(BANNER_START_INDEX, Math.max(count - 1, 0))
}

// Image URLs of ours without a query are asked for at a width; others are
// used as given.
function sized(src: string, w: number) {
  return isServiceImage(src) && !src.includes('?') ? imageWidthUrl(src, w) : src
}

// bannerPicture is what a slide's <img> asks for: its address, the widths
// it offers (ours only) and the sizes it is drawn at.
export function bannerPicture(image: string): { src: string; srcSet: string | undefined; sizes: string } {
  return {
    src: sized(image, BANNER_WIDTH),
    srcSet: isServiceImage(image) ? bannerWidths.map((w) => `${sized(image, w)} ${w}w`).join(', ') : undefined,
    sizes: bannerSizes,
  }
}
