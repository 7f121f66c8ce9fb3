import { afterEach, describe, expect, it, vi } from 'vitest'
import { holdPressesUntilLive, startAfterFirstPhoto } from './page-start'

afterEach(() => {
  document.body.innerHTML = ''
  delete document.documentElement.dataset.hydrated
  vi.useRealTimers()
})

function press(el: Element) {
  const e = new MouseEvent('click', { bubbles: true, cancelable: true })
  el.dispatchEvent(e)
  return e
}

describe('holdPressesUntilLive', () => {
  it('holds a press on a button until the app is in, then makes it; links are left alone', async () => {
    document.body.innerHTML = '<div id="root"><button type="button"><span>Save</span></button><a href="#x">Link</a></div>'
    const button = document.querySelector('button')!
    const pressed = vi.fn()
    button.addEventListener('click', pressed)
    holdPressesUntilLive()
    const e = press(button.querySelector('span')!)
    press(button)
    expect(e.defaultPrevented).toBe(true)
    expect(pressed).not.toHaveBeenCalled()
    expect(press(document.querySelector('a')!).defaultPrevented).toBe(false)

    document.documentElement.dataset.hydrated = 'true'
    await vi.waitFor(() => expect(pressed).toHaveBeenCalledTimes(1))
    // Once live, presses are the app's at once.
    press(button)
    expect(pressed).toHaveBeenCalledTimes(2)
  })
})

describe('startAfterFirstPhoto', () => {
  it('starts at once without a high-priority photo', () => {
    document.body.innerHTML = '<div id="root"><img src="/a.jpg" alt=""></div>'
    const start = vi.fn()
    startAfterFirstPhoto(start)
    expect(start).toHaveBeenCalledTimes(1)
  })

  it('starts once the loaded photo has been painted, or at once if it failed, or after the wait, and only once', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] })
    document.body.innerHTML = '<div id="root"><img src="/a.jpg" fetchpriority="high" alt=""></div>'
    const img = document.querySelector('img')!
    Object.defineProperty(img, 'complete', { value: false })
    const start = vi.fn()
    startAfterFirstPhoto(start, 3000)
    expect(start).not.toHaveBeenCalled()
    img.dispatchEvent(new Event('load'))
    // Loaded, not yet painted: the scripts wait for the frame.
    expect(start).not.toHaveBeenCalled()
    vi.advanceTimersByTime(20) // a frame, then the task after it
    expect(start).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(3000)
    expect(start).toHaveBeenCalledTimes(1)

    const failed = vi.fn()
    document.body.innerHTML = '<div id="root"><img src="/c.jpg" fetchpriority="high" alt=""></div>'
    Object.defineProperty(document.querySelector('img')!, 'complete', { value: false })
    startAfterFirstPhoto(failed, 3000)
    document.querySelector('img')!.dispatchEvent(new Event('error'))
    expect(failed).toHaveBeenCalledTimes(1)

    const late = vi.fn()
    document.body.innerHTML = '<div id="root"><img src="/b.jpg" fetchpriority="high" alt=""></div>'
    Object.defineProperty(document.querySelector('img')!, 'complete', { value: false })
    startAfterFirstPhoto(late, 3000)
    vi.advanceTimersByTime(2999)
    expect(late).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(late).toHaveBeenCalledTimes(1)
  })
})

describe('startAfterFirstPhoto where the browser reports its largest paints', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('starts on the photo’s own report, or shortly after it loaded when another paint is larger', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] })
    const observers: { report: (entries: { element: Element | null }[]) => void; disconnected: boolean }[] = []
    vi.stubGlobal(
      'PerformanceObserver',
      Object.assign(
        class {
          o: (typeof observers)[number]
          constructor(cb: (list: { getEntries: () => unknown[] }) => void) {
            this.o = { report: (entries) => cb({ getEntries: () => entries }), disconnected: false }
            observers.push(this.o)
          }
          observe() {}
          disconnect() {
            this.o.disconnected = true
          }
        },
        { supportedEntryTypes: ['largest-contentful-paint'] },
      ),
    )
    document.body.innerHTML = '<div id="root"><h1>Big words</h1><img src="/a.jpg" fetchpriority="high" alt=""></div>'
    const img = document.querySelector('img')!
    Object.defineProperty(img, 'complete', { value: false })
    const start = vi.fn()
    startAfterFirstPhoto(start, 3000, 250)
    observers[0]!.report([{ element: document.querySelector('h1') }])
    expect(start).not.toHaveBeenCalled()
    observers[0]!.report([{ element: img }])
    expect(start).toHaveBeenCalledTimes(1)
    expect(observers[0]!.disconnected).toBe(true)
    img.dispatchEvent(new Event('load'))
    vi.advanceTimersByTime(3000)
    expect(start).toHaveBeenCalledTimes(1)

    const other = vi.fn()
    document.body.innerHTML = '<div id="root"><img src="/b.jpg" fetchpriority="high" alt=""></div>'
    const small = document.querySelector('img')!
    Object.defineProperty(small, 'complete', { value: false })
    startAfterFirstPhoto(other, 3000, 250)
    small.dispatchEvent(new Event('load'))
    vi.advanceTimersByTime(249)
    expect(other).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(other).toHaveBeenCalledTimes(1)
  })
})
