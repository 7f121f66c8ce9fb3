// @vitest-environment node
import { describe, expect, it } from 'vitest'
import raw from '../../../../../internal/sitepages/testdata/banner-vectors.json?raw'
import { bannerPicture, bannerStart } from './banner'

// The shared vectors: the same file the server's preload is held to
// (internal/sitepages BannerPreload), so the picture the home page's head
// fetches early is the one the carousel opens on.
interface BannerCase {
  name: string
  banners: string[]
  want: { index: number; src: string; srcset: string; sizes: string }
}
const vectors = JSON.parse(raw) as { cases: BannerCase[] }

describe('the banner the home page opens on', () => {
  it('has cases', () => expect(vectors.cases.length).toBeGreaterThan(0))
  for (const c of vectors.cases) {
    it(c.name, () => {
      const index = bannerStart(c.banners.length)
      expect(index).toBe(c.want.index)
      const image = c.banners[index] ?? ''
      // A banner without a picture draws none.
      const shown = image ? bannerPicture(image) : { src: '', srcSet: undefined, sizes: '' }
      expect({ src: shown.src, srcset: shown.srcSet ?? '', sizes: shown.sizes }).toEqual({ src: c.want.src, srcset: c.want.srcset, sizes: c.want.sizes })
    })
  }
})
