// What ends a watch: the visitor taking over.
const keys = ['keydown', 'mousedown', 'touchstart'] as const
const scrolls = [...keys, 'wheel'] as const

type Watch = {
  // change runs at most once a frame after the main region's content (and,
  // with sizes, the page's size) changes.
  change: () => void
  ms: number
  // timeout runs if ms pass before the watch is stopped.
  timeout?: () => void
  sizes?: boolean
  // wheel: scrolling by wheel also ends the watch.
  wheel?: boolean
}

// watchPage follows a page drawing itself after a navigation (lazy chunks,
// API answers) until the visitor presses a key, clicks or touches (or
// scrolls, with wheel), until ms pass, or until the function it returns is
// called. The first change is looked at in the next frame.
export function watchPage(w: Watch): () => void {
  const main = document.getElementById('main') ?? document.body
  let frame = 0
  const run = () => {
    frame = 0
    w.change()
  }
  const schedule = () => {
    if (!frame) frame = requestAnimationFrame(run)
  }
  const mutations = new MutationObserver(schedule)
  mutations.observe(main, { childList: true, subtree: true })
  const resize = w.sizes ? new ResizeObserver(schedule) : null
  resize?.observe(document.body)
  const inputs = w.wheel ? scrolls : keys
  const timer = window.setTimeout(() => {
    stop()
    w.timeout?.()
  }, w.ms)
  function stop() {
    mutations.disconnect()
    resize?.disconnect()
    window.clearTimeout(timer)
    if (frame) cancelAnimationFrame(frame)
    frame = 0
    for (const e of inputs) window.removeEventListener(e, stop)
  }
  for (const e of inputs) window.addEventListener(e, stop, { passive: true })
  schedule()
  return stop
}
