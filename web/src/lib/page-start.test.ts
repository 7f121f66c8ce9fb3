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

  it('starts once the photo has loaded or failed, or after the wait, and only once', () => {
    vi.useFakeTimers()
    document.body.innerHTML = '<div id="root"><img src="/a.jpg" fetchpriority="high" alt=""></div>'
    const img = document.querySelector('img')!
    Object.defineProperty(img, 'complete', { value: false })
    const start = vi.fn()
    startAfterFirstPhoto(start, 3000)
    expect(start).not.toHaveBeenCalled()
    img.dispatchEvent(new Event('load'))
    expect(start).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(3000)
    expect(start).toHaveBeenCalledTimes(1)

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
