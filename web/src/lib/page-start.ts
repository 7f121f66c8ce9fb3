// How a page starts (src/boot.ts). The page arrives drawn by the server, its first
// photo (the largest paint) asked for first, with high priority; the app's
// code is fetched once that photo is in (or has failed, or after at most
// three seconds), so on a phone's connection the two never share the
// bandwidth and the photo shows as early as it can.
//
// Until the app has taken the page over (it marks <html data-hydrated>), a
// press on a control whose behaviour is the app's — a button, not a link,
// which works as it stands — is held, and happens once the app is in: no
// press made while the page loads is lost.

const controls = 'button, [role="button"], [role="tab"], [role="switch"], [role="checkbox"], [role="menuitem"], summary'
const held: HTMLElement[] = []

function hold(e: MouseEvent) {
  if (!(e.target instanceof Element)) return
  const control = e.target.closest(controls)
  if (!(control instanceof HTMLElement)) return
  e.preventDefault()
  e.stopImmediatePropagation()
  if (!held.includes(control)) held.push(control)
}

function live() {
  return document.documentElement.dataset.hydrated === 'true'
}

// holdPressesUntilLive holds the presses made before the app is in.
export function holdPressesUntilLive() {
  document.addEventListener('click', hold, true)
  const release = new MutationObserver(() => {
    if (!live()) return
    release.disconnect()
    document.removeEventListener('click', hold, true)
    for (const control of held.splice(0)) if (control.isConnected) control.click()
  })
  release.observe(document.documentElement, { attributes: true, attributeFilter: ['data-hydrated'] })
}

// startAfterFirstPhoto calls start once the page's high-priority photo is
// on the screen: the app's scripts are asked for after it, so the photo, the
// page's largest paint, never waits on them nor shares a phone's bandwidth
// with them. Where the browser reports its largest paints, the photo's own
// report says it is painted (decoded, which may be frames after it
// loaded); elsewhere, or when the photo is not the largest paint, shortly
// after it loaded. At once when there is no such photo or it failed; after
// wait milliseconds at the latest (a hidden tab paints nothing).
export function startAfterFirstPhoto(start: () => void, wait = 3000, settle = 250) {
  const photo = document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]')
  if (!photo) return start()
  let started = false
  const once = () => {
    if (started) return
    started = true
    painted?.disconnect()
    start()
  }
  const reports = typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')
  const painted = reports
    ? new PerformanceObserver((list) => {
        if (list.getEntries().some((e) => (e as PerformanceEntry & { element?: Element | null }).element === photo)) once()
      })
    : null
  painted?.observe({ type: 'largest-contentful-paint', buffered: true })
  // Without a report: a task queued from a frame's callback runs once that
  // frame is painted.
  const loaded = () => (reports ? setTimeout(once, settle) : requestAnimationFrame(() => setTimeout(once)))
  if (photo.complete) loaded()
  else {
    photo.addEventListener('load', loaded, { once: true })
    photo.addEventListener('error', once, { once: true })
  }
  setTimeout(once, wait)
}
