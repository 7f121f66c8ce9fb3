import { act, fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { mediaCarFixture, spinFrameUrls } from '../media-car-fixture'
import type { MediaCar, MediaSite } from '../types'
import { VIDEO_EMBED_PREFIX } from '../lib/media'
import { CarMedia, type CarMediaProps } from './car-media'

// jsdom has no layout; give each carousel a 1000px viewport and full-width
// slides side by side so embla computes its snaps as in a browser.
const SLIDE = 1000
const saved: Record<string, PropertyDescriptor | undefined> = {}
function stub(prop: 'offsetWidth' | 'offsetLeft' | 'offsetHeight' | 'offsetTop', get: (el: HTMLElement) => number) {
  saved[prop] = Object.getOwnPropertyDescriptor(HTMLElement.prototype, prop)
  Object.defineProperty(HTMLElement.prototype, prop, { configurable: true, get() { return get(this as HTMLElement) } })
}
beforeAll(() => {
  stub('offsetWidth', (el) => {
    if (el.dataset.slideIndex !== undefined) return SLIDE
    return el.querySelector(':scope > [data-slide-index], :scope > * > [data-slide-index]') ? SLIDE : 0
  })
  stub('offsetLeft', (el) => (el.dataset.slideIndex !== undefined ? Number(el.dataset.slideIndex) * SLIDE : 0))
  stub('offsetHeight', () => 600)
  stub('offsetTop', () => 0)
})
afterAll(() => {
  for (const [k, d] of Object.entries(saved)) if (d) Object.defineProperty(HTMLElement.prototype, k, d)
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

const spinnerSite: MediaSite = { features: { spinner: true, default_view_gallery: false } }
const gallerySite: MediaSite = { features: { spinner: false, default_view_gallery: true } }

function renderMedia(car: MediaCar, site: MediaSite = spinnerSite, extra: Partial<CarMediaProps> = {}) {
  return render(<CarMedia car={car} site={site} {...extra} />)
}

function gallery() {
  return screen.getByRole('region', { name: 'Photos of the 2022 Toyota RAV4' })
}

function currentSlide(container: HTMLElement = gallery()) {
  return within(container)
    .getAllByRole('group', { hidden: true })
    .filter((s) => s.getAttribute('aria-current') === 'true')
    .map((s) => s.getAttribute('aria-label'))
}

// Marks every spinner frame as loaded (the browser would fire these).
function loadFrames(slider: HTMLElement) {
  act(() => {
    fireEvent.load(slider.querySelector('img')!)
  })
  act(() => {
    slider.querySelectorAll('img').forEach((img) => fireEvent.load(img))
  })
}


describe('gallery (docs/behaviour/screens.md#gallery)', () => {
  it('labels slides and moves with Previous image / Next image', async () => {
    const user = userEvent.setup()
    renderMedia(mediaCarFixture({ imageCount: 12 }))
    expect(within(gallery()).getAllByRole('group', { hidden: true })).toHaveLength(12)
    expect(currentSlide()).toEqual(['Image 1 of 12'])
    await user.click(screen.getByRole('button', { name: 'Next image' }))
    await user.click(screen.getByRole('button', { name: 'Next image' }))
    expect(currentSlide()).toEqual(['Image 3 of 12'])
    await user.click(screen.getByRole('button', { name: 'Previous image' }))
    expect(currentSlide()).toEqual(['Image 2 of 12'])
    // Previous from the first photo goes round to the last.
    await user.click(screen.getByRole('button', { name: 'Previous image' }))
    await user.click(screen.getByRole('button', { name: 'Previous image' }))
    expect(currentSlide()).toEqual(['Image 12 of 12'])
  })

  it('moves with the left and right arrow keys', async () => {
    const user = userEvent.setup()
    renderMedia(mediaCarFixture({ imageCount: 5 }))
    act(() => screen.getByRole('button', { name: 'Next image' }).focus())
    await user.keyboard('{ArrowRight}{ArrowRight}')
    expect(currentSlide()).toEqual(['Image 3 of 5'])
    await user.keyboard('{ArrowLeft}')
    expect(currentSlide()).toEqual(['Image 2 of 5'])
  })

  it('loads the first 2 photos at once, the first alone with high priority, the rest lazily, all with width and height', () => {
    renderMedia(mediaCarFixture({ imageCount: 6 }), gallerySite)
    const slides = within(gallery()).getAllByRole('group', { hidden: true })
    const imgs = slides.map((s) => s.querySelector('img')!)
    expect(imgs.map((i) => i.getAttribute('loading'))).toEqual(['eager', 'eager', 'lazy', 'lazy', 'lazy', 'lazy'])
    expect(imgs.map((i) => i.getAttribute('fetchpriority'))).toEqual(['high', 'low', 'auto', 'auto', 'auto', 'auto'])
    for (const img of document.querySelectorAll('img')) {
      expect(img).toHaveAttribute('width')
      expect(img).toHaveAttribute('height')
    }
    // docs/behaviour/calls.md: the image service is asked for a width and quality.
    expect(imgs[0]).toHaveAttribute('src', '/img/car/7/suv/ffffff/0.jpg?w=1200&q=75')
    expect(imgs[0]?.getAttribute('srcset')).toContain('/img/car/7/suv/ffffff/0.jpg?w=600&q=75 600w')
    expect(imgs[0]).toHaveAccessibleName('2022 Toyota RAV4, image 1 of 6')
  })

  it.each([
    ['in stock with 4 photos', true, { imageCount: 4 }],
    ['in stock with 3 photos', false, { imageCount: 3 }],
    ['sold with 12 photos', false, { imageCount: 12, status: 'sold' }],
    ['coming soon with 12 photos', false, { imageCount: 12, status: 'coming_soon' }],
  ] as const)('thumbnails: %s → shown %s (docs/behaviour/constants.md: more than 3 images, in stock)', (_, shown, car) => {
    renderMedia(mediaCarFixture(car))
    if (shown) {
      const list = screen.getByRole('list', { name: 'Thumbnails' })
      expect(within(list).getAllByRole('button')).toHaveLength(car.imageCount)
    } else {
      expect(screen.queryByRole('list', { name: 'Thumbnails' })).not.toBeInTheDocument()
    }
  })

  it('jumps to a photo from its thumbnail and marks it current', async () => {
    const user = userEvent.setup()
    renderMedia(mediaCarFixture({ imageCount: 8 }))
    await user.click(screen.getByRole('button', { name: 'Show image 5 of 8' }))
    expect(currentSlide()).toEqual(['Image 5 of 8'])
    expect(screen.getByRole('button', { name: 'Show image 5 of 8' })).toHaveAttribute('aria-current', 'true')
    const thumb = screen.getByRole('button', { name: 'Show image 5 of 8' }).querySelector('img')!
    expect(thumb).toHaveAttribute('loading', 'lazy')
    expect(thumb.getAttribute('src')).toBe('/img/car/7/suv/ffffff/180.jpg?w=240&q=75')
  })
})

describe('fullscreen gallery (docs/behaviour/screens.md: Fullscreen tooltip, close, left/right keys)', () => {
  it('shows the Fullscreen tooltip on the button, and Escape dismisses it', async () => {
    const user = userEvent.setup()
    renderMedia(mediaCarFixture())
    const button = screen.getByRole('button', { name: 'Fullscreen' })
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument()
    await user.hover(button)
    expect(await screen.findByRole('tooltip', { name: 'Fullscreen' })).toBeInTheDocument()
    expect(button).toHaveAccessibleDescription('Fullscreen')
    button.focus()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument()
  })

  it('opens on a press made before the dialog has arrived, and closes back onto the same button', async () => {
    const user = userEvent.setup()
    renderMedia(mediaCarFixture(), gallerySite)
    const button = screen.getByRole('button', { name: 'Fullscreen' })
    expect(button).toHaveAttribute('aria-expanded', 'false')
    // A press straight away, with no pointer over the photos first: the
    // dialog opens when its code has arrived.
    fireEvent.click(button)
    const dialog = await screen.findByRole('dialog', { name: /^Photos of the/ }, { timeout: 10_000 })
    expect(dialog).toContainElement(document.activeElement as HTMLElement)
    expect(screen.getByRole('button', { name: 'Fullscreen', hidden: true })).toBe(button)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(button).toHaveFocus()
    expect(button).toHaveAttribute('aria-expanded', 'false')
  })

  it('opens on the current photo, steps with arrow keys, keeps focus inside, closes back onto the button and photo', async () => {
    const user = userEvent.setup()
    const onFullscreenChange = vi.fn()
    renderMedia(mediaCarFixture({ imageCount: 6 }), gallerySite, { onFullscreenChange })
    await user.click(screen.getByRole('button', { name: 'Next image' }))
    const trigger = screen.getByRole('button', { name: 'Fullscreen' })
    await user.click(trigger)

    const dialog = await screen.findByRole('dialog', { name: 'Photos of the 2022 Toyota RAV4' })
    expect(onFullscreenChange).toHaveBeenLastCalledWith(true)
    expect(currentSlide(dialog)).toEqual(['Image 2 of 6'])
    expect(dialog).toContainElement(document.activeElement as HTMLElement)

    await user.keyboard('{ArrowRight}{ArrowRight}')
    expect(currentSlide(dialog)).toEqual(['Image 4 of 6'])
    await user.keyboard('{ArrowLeft}')
    expect(currentSlide(dialog)).toEqual(['Image 3 of 6'])

    // Tab cycles within the dialog (focus trapped).
    for (let i = 0; i < 5; i++) {
      await user.tab()
      expect(dialog).toContainElement(document.activeElement as HTMLElement)
    }

    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(onFullscreenChange).toHaveBeenLastCalledWith(false)
    expect(trigger).toHaveFocus()
    expect(currentSlide()).toEqual(['Image 3 of 6'])
  })

  it('closes with Escape', async () => {
    const user = userEvent.setup()
    renderMedia(mediaCarFixture({ imageCount: 4 }), gallerySite)
    await user.click(screen.getByRole('button', { name: 'Fullscreen' }))
    await screen.findByRole('dialog')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})

describe('views and tabs (docs/behaviour/screens.md: Spin, Images and Interior)', () => {
  it('shows no tabs for a car with photos only', () => {
    renderMedia(mediaCarFixture())
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument()
    expect(gallery()).toBeInTheDocument()
  })

  it('offers Spin and Images, opening on the spinner where the site turns it on', async () => {
    renderMedia(mediaCarFixture({ spin_images: spinFrameUrls() }), spinnerSite)
    const tabs = within(screen.getByRole('tablist', { name: 'Car views' })).getAllByRole('tab')
    expect(tabs.map((t) => t.textContent)).toEqual(['Spin', 'Images'])
    expect(screen.getByRole('tab', { name: 'Spin' })).toHaveAttribute('aria-selected', 'true')
    expect(await screen.findByRole('slider', { name: '360° view of 2022 Toyota RAV4' })).toBeInTheDocument()
  })

  it('adds Interior only with an interior address', () => {
    renderMedia(mediaCarFixture({ spin_images: spinFrameUrls(), spin_interior_image: '/img/interior/7/1f1f1f.jpg' }))
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Spin', 'Images', 'Interior'])
  })

  it('opens on the gallery for a site that asks for it', () => {
    renderMedia(mediaCarFixture({ spin_images: spinFrameUrls() }), gallerySite)
    expect(screen.getByRole('tab', { name: 'Images' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.queryByRole('slider')).not.toBeInTheDocument()
    expect(gallery()).toBeInTheDocument()
  })

  it('resets the gallery to the first photo after leaving it (docs/behaviour/states.md#car-views)', async () => {
    const user = userEvent.setup()
    renderMedia(mediaCarFixture({ spin_images: spinFrameUrls(), spin_interior_image: '/img/interior/7/1f1f1f.jpg' }), gallerySite)
    await user.click(screen.getByRole('button', { name: 'Next image' }))
    await user.click(screen.getByRole('button', { name: 'Next image' }))
    expect(currentSlide()).toEqual(['Image 3 of 12'])
    await user.click(screen.getByRole('tab', { name: 'Interior' }))
    expect(await screen.findByRole('img', { name: 'Interior of the 2022 Toyota RAV4' })).toBeInTheDocument()
    await user.click(screen.getByRole('tab', { name: 'Images' }))
    expect(currentSlide()).toEqual(['Image 1 of 12'])
  })

  it('moves between tabs with the arrow keys', async () => {
    const user = userEvent.setup()
    renderMedia(mediaCarFixture({ spin_images: spinFrameUrls(), spin_interior_image: '/img/interior/7/1f1f1f.jpg' }))
    screen.getByRole('tab', { name: 'Spin' }).focus()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Images' })).toHaveFocus()
    expect(screen.getByRole('tab', { name: 'Images' })).toHaveAttribute('aria-selected', 'true')
  })
})

describe('360 spinner (docs/behaviour/states.md#spinner; docs/behaviour/constants.md#spinner: 20 px, 100 ms)', () => {
  const car = () =>
    mediaCarFixture({
      spin_images: spinFrameUrls(),
      hotspots: {
        exterior: [
          { description: 'LED headlights', anchor: 'front', positions: [{ angle: 0, x: 28, y: 46 }, { angle: 35, x: 26, y: 47 }] },
          { description: 'Tow bar', anchor: 'rear', positions: [{ angle: 18, x: 50, y: 64 }] },
        ],
      },
    })

  it('shows a loading state until every frame has loaded, then the swipe-to-spin hint', () => {
    renderMedia(car(), spinnerSite, { autoRotate: 'off' })
    const slider = screen.getByRole('slider')
    // The first frame comes first; the other 35 wait for it.
    const poster = slider.querySelectorAll('img')
    expect(poster).toHaveLength(1)
    act(() => {
      fireEvent.load(poster[0]!)
    })
    const frames = slider.querySelectorAll('img')
    expect(frames).toHaveLength(36)
    // Every frame is fetched now (preloaded), the first with high priority.
    expect([...frames].every((f) => f.getAttribute('loading') === 'eager')).toBe(true)
    expect(frames[0]).toHaveAttribute('fetchpriority', 'high')
    expect(screen.getByRole('progressbar', { name: /Loading 360° view/ })).toHaveAttribute('aria-valuenow', '1')
    expect(screen.queryByText('Swipe to spin')).not.toBeInTheDocument()

    act(() => {
      frames.forEach((f, i) => (i > 0 && i < 35 ? fireEvent.load(f) : undefined))
    })
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '35')
    // A frame that fails still lets the spinner finish loading.
    act(() => {
      fireEvent.error(frames[35]!)
    })
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
    expect(screen.getByText('Swipe to spin')).toBeInTheDocument()
  })

  it('turns one frame per 20 px of drag, by mouse or touch, and hides the hint', () => {
    renderMedia(car(), spinnerSite, { autoRotate: 'off' })
    const slider = screen.getByRole('slider')
    loadFrames(slider)
    expect(slider).toHaveAttribute('aria-valuenow', '1')

    fireEvent.pointerDown(slider, { pointerId: 1, pointerType: 'mouse', button: 0, clientX: 500 })
    fireEvent.pointerMove(slider, { pointerId: 1, pointerType: 'mouse', clientX: 481 })
    expect(slider).toHaveAttribute('aria-valuenow', '1')
    fireEvent.pointerMove(slider, { pointerId: 1, pointerType: 'mouse', clientX: 480 })
    expect(slider).toHaveAttribute('aria-valuenow', '2')
    fireEvent.pointerMove(slider, { pointerId: 1, pointerType: 'mouse', clientX: 440 })
    expect(slider).toHaveAttribute('aria-valuenow', '4')
    fireEvent.pointerUp(slider, { pointerId: 1, pointerType: 'mouse', clientX: 440 })
    // Moves after release do nothing.
    fireEvent.pointerMove(slider, { pointerId: 1, pointerType: 'mouse', clientX: 0 })
    expect(slider).toHaveAttribute('aria-valuenow', '4')
    expect(screen.queryByText('Swipe to spin')).not.toBeInTheDocument()

    // A touch swipe to the right turns back, wrapping past the first frame.
    fireEvent.pointerDown(slider, { pointerId: 2, pointerType: 'touch', clientX: 100 })
    fireEvent.pointerMove(slider, { pointerId: 2, pointerType: 'touch', clientX: 200 })
    expect(slider).toHaveAttribute('aria-valuenow', '35')
    expect(slider).toHaveAttribute('aria-valuetext', '340°, frame 35 of 36')
    fireEvent.pointerCancel(slider, { pointerId: 2, pointerType: 'touch' })
    // The visible frame is the one the slider reports.
    const visible = [...slider.querySelectorAll('img')].filter((i) => i.classList.contains('visible'))
    expect(visible.map((i) => i.dataset.frame)).toEqual(['34'])
  })

  it('steps frames with the arrow keys, wrapping round', async () => {
    const user = userEvent.setup()
    renderMedia(car(), spinnerSite, { autoRotate: 'off' })
    const slider = screen.getByRole('slider')
    loadFrames(slider)
    slider.focus()
    await user.keyboard('{ArrowRight}{ArrowRight}')
    expect(slider).toHaveAttribute('aria-valuenow', '3')
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}')
    expect(slider).toHaveAttribute('aria-valuenow', '36')
    await user.keyboard('{Home}')
    expect(slider).toHaveAttribute('aria-valuenow', '1')
    await user.keyboard('{End}')
    expect(slider).toHaveAttribute('aria-valuenow', '36')
  })

  it('ignores drags and keys until loaded', () => {
    renderMedia(car(), spinnerSite, { autoRotate: 'off' })
    const slider = screen.getByRole('slider')
    fireEvent.keyDown(slider, { key: 'ArrowRight' })
    fireEvent.pointerDown(slider, { pointerId: 1, pointerType: 'mouse', button: 0, clientX: 500 })
    fireEvent.pointerMove(slider, { pointerId: 1, pointerType: 'mouse', clientX: 300 })
    expect(slider).toHaveAttribute('aria-valuenow', '1')
  })

  it('auto-rotates every 100 ms and stops after one full turn', () => {
    vi.useFakeTimers()
    renderMedia(car(), spinnerSite)
    const slider = screen.getByRole('slider')
    loadFrames(slider)
    expect(screen.getByRole('button', { name: 'Stop rotating' })).toBeInTheDocument()
    act(() => vi.advanceTimersByTime(99))
    expect(slider).toHaveAttribute('aria-valuenow', '1')
    act(() => vi.advanceTimersByTime(1))
    expect(slider).toHaveAttribute('aria-valuenow', '2')
    act(() => vi.advanceTimersByTime(100 * 34))
    expect(slider).toHaveAttribute('aria-valuenow', '36')
    act(() => vi.advanceTimersByTime(100))
    // 36 steps: a full turn, back on the first frame, and it rests there.
    expect(slider).toHaveAttribute('aria-valuenow', '1')
    act(() => vi.advanceTimersByTime(1000))
    expect(slider).toHaveAttribute('aria-valuenow', '1')
    expect(screen.getByRole('button', { name: 'Rotate 360°' })).toBeInTheDocument()
  })

  it('keeps turning in loop mode, and a key press takes over', () => {
    vi.useFakeTimers()
    renderMedia(car(), spinnerSite, { autoRotate: 'loop' })
    const slider = screen.getByRole('slider')
    loadFrames(slider)
    act(() => vi.advanceTimersByTime(100 * 40))
    expect(slider).toHaveAttribute('aria-valuenow', '5')
    fireEvent.keyDown(slider, { key: 'ArrowRight' })
    expect(slider).toHaveAttribute('aria-valuenow', '6')
    act(() => vi.advanceTimersByTime(1000))
    expect(slider).toHaveAttribute('aria-valuenow', '6')
  })

  it('does not turn by itself when the buyer prefers reduced motion', () => {
    vi.useFakeTimers()
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (q: string) => ({ matches: q.includes('prefers-reduced-motion'), media: q, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList,
    )
    renderMedia(car(), spinnerSite)
    const slider = screen.getByRole('slider')
    loadFrames(slider)
    act(() => vi.advanceTimersByTime(1000))
    expect(slider).toHaveAttribute('aria-valuenow', '1')
    expect(screen.getByRole('button', { name: 'Rotate 360°' })).toBeInTheDocument()
  })

  it('places exterior hotspots by angle and shows their description', async () => {
    const user = userEvent.setup()
    renderMedia(car(), spinnerSite, { autoRotate: 'off' })
    const slider = screen.getByRole('slider')
    expect(screen.queryByRole('button', { name: 'LED headlights' })).not.toBeInTheDocument()
    loadFrames(slider)
    const lights = screen.getByRole('button', { name: 'LED headlights' })
    expect(lights.style.left).toBe('28%')
    expect(lights.style.top).toBe('46%')
    expect(screen.queryByRole('button', { name: 'Tow bar' })).not.toBeInTheDocument()
    // A press before the popover's code has arrived opens it once it has;
    // the marker stays the one button throughout.
    await user.click(lights)
    expect(await screen.findByRole('dialog')).toHaveTextContent('LED headlights')
    expect(lights).toHaveAttribute('aria-expanded', 'true')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(lights).toHaveFocus()
    expect(lights).toHaveAttribute('aria-expanded', 'false')
    // Pressed again it opens, and once more it closes.
    await user.click(lights)
    expect(await screen.findByRole('dialog')).toHaveTextContent('LED headlights')
    await user.click(lights)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    act(() => slider.focus())
    await user.keyboard('{End}')
    expect(screen.getByRole('button', { name: 'LED headlights' }).style.left).toBe('26%')
    for (let i = 0; i < 17; i++) await user.keyboard('{ArrowLeft}')
    expect(slider).toHaveAttribute('aria-valuenow', '19')
    expect(screen.getByRole('button', { name: 'Tow bar' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'LED headlights' })).not.toBeInTheDocument()
  })

  it('places interior hotspots on the interior view', async () => {
    const user = userEvent.setup()
    renderMedia(
      mediaCarFixture({
        spin_images: spinFrameUrls(),
        spin_interior_image: '/img/interior/7/1f1f1f.jpg',
        hotspots: { interior: [{ description: 'Touchscreen with Apple CarPlay', anchor: 'dash', positions: [{ angle: 0, x: 52, y: 40 }] }] },
      }),
    )
    await user.click(screen.getByRole('tab', { name: 'Interior' }))
    expect(screen.getByRole('button', { name: 'Touchscreen with Apple CarPlay' }).style.left).toBe('52%')
    expect(screen.getByRole('img', { name: 'Interior of the 2022 Toyota RAV4' })).toHaveAttribute('src', '/img/interior/7/1f1f1f.jpg?w=1200&q=75')
  })
})

describe('video slide (docs/behaviour/screens.md#video)', () => {
  it('embeds the video site player for an embed address, lazily and titled', () => {
    const { container } = renderMedia(mediaCarFixture({ imageCount: 4, video_url: `${VIDEO_EMBED_PREFIX}dQw4w9WgXcQ` }))
    expect(within(gallery()).getAllByRole('group', { hidden: true }).at(-1)).toHaveAttribute('aria-label', 'Video')
    const frame = screen.getByTitle('Video of the 2022 Toyota RAV4')
    expect(frame.tagName).toBe('IFRAME')
    expect(frame).toHaveAttribute('src', `${VIDEO_EMBED_PREFIX}dQw4w9WgXcQ`)
    expect(frame).toHaveAttribute('loading', 'lazy')
    expect(container.querySelector('video')).toBeNull()
    expect(screen.getByRole('button', { name: 'Show video' })).toBeInTheDocument()
  })

  it('plays any other address as a looping, muted, autoplaying inline video', () => {
    const { container } = renderMedia(mediaCarFixture({ imageCount: 2, video_url: '/media/demo.mp4' }))
    const video = container.querySelector('video')!
    expect(video).toHaveAttribute('src', '/media/demo.mp4')
    expect(video.loop).toBe(true)
    expect(video.muted).toBe(true)
    expect(video).toHaveAttribute('muted')
    expect(video.autoplay).toBe(true)
    expect(video).toHaveAttribute('playsinline')
    expect(container.querySelector('iframe')).toBeNull()
  })

  it('says so when the video file cannot play', () => {
    const { container } = renderMedia(mediaCarFixture({ imageCount: 2, video_url: '/media/missing.mp4' }))
    act(() => {
      fireEvent.error(container.querySelector('video')!)
    })
    expect(screen.getByText('This video cannot be played right now.')).toBeInTheDocument()
  })
})

describe('image fallback (docs/behaviour/errors.md)', () => {
  it('replaces a default or placeholder image with the request-photos tile', async () => {
    const user = userEvent.setup()
    const onRequestPhotos = vi.fn()
    renderMedia(
      mediaCarFixture({ images: [{ url: '/uploads/placeholder.jpg', thumb: { url: '/uploads/placeholder.jpg' } }], primary_image_url: '/uploads/placeholder.jpg' }),
      spinnerSite,
      { onRequestPhotos },
    )
    expect(document.querySelector('img')).toBeNull()
    expect(screen.getByText('Photos coming soon')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Fullscreen' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Request Photos' }))
    expect(onRequestPhotos).toHaveBeenCalledOnce()
  })

  it('shows the tile for a car without photos', () => {
    renderMedia(mediaCarFixture({ imageCount: 0 }))
    expect(screen.getByText('Photos coming soon')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Next image' })).not.toBeInTheDocument()
  })

  it('replaces a photo that fails to load, keeping the others', () => {
    renderMedia(mediaCarFixture({ imageCount: 4 }))
    const first = screen.getByRole('img', { name: '2022 Toyota RAV4, image 1 of 4' })
    act(() => {
      fireEvent.error(first)
    })
    expect(screen.queryByRole('img', { name: '2022 Toyota RAV4, image 1 of 4' })).not.toBeInTheDocument()
    expect(screen.getByText('Photos coming soon')).toBeInTheDocument()
    expect(screen.getByRole('img', { name: '2022 Toyota RAV4, image 2 of 4', hidden: true })).toBeInTheDocument()
  })
})
