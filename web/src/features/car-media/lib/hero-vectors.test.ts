// @vitest-environment node
import { describe, expect, it } from 'vitest'
import raw from '../../../../../internal/sitepages/testdata/hero-vectors.json?raw'
import { defaultView, galleryImages, spinFrames } from './media'

// The shared vectors: the same file the server's preload is held to
// (internal/sitepages HeroPreload), so the picture the page's head fetches
// early is the one the gallery opens on.
interface HeroCase {
  name: string
  features: { spinner: boolean; default_view_gallery: boolean }
  car: { images: string[]; primary_image_url: string; spin_images: string[] }
  want: { view: 'images' | 'spin'; src: string }
}
const vectors = JSON.parse(raw) as { cases: HeroCase[] }

describe('the picture a car page opens on', () => {
  it('has cases', () => expect(vectors.cases.length).toBeGreaterThan(0))
  for (const c of vectors.cases) {
    it(c.name, () => {
      const car = { spin_images: c.car.spin_images, primary_image_url: c.car.primary_image_url, images: c.car.images.map((url) => ({ url, thumb: { url } })) }
      const view = defaultView(car, { features: c.features })
      expect(view).toBe(c.want.view)
      const src = view === 'spin' ? spinFrames(car)[0] : (galleryImages(car)[0]?.url ?? '')
      expect(src).toBe(c.want.src)
    })
  }
})
