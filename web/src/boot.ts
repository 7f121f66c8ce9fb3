import './index.css'
import { holdPressesUntilLive, startAfterFirstPhoto } from './lib/page-start'

// The page's first script: it holds early presses and fetches the app once
// the first photo is in (lib/page-start.ts). The app's stylesheet is the
// entry's, so the server finds it in index.html and puts it in each page.
holdPressesUntilLive()
startAfterFirstPhoto(() => void start())

// A macrotask's turn: what follows runs in a task of its own.
const nextTask = () => new Promise((resolve) => setTimeout(resolve))

// start evaluates React DOM, warms the number formats, builds the class
// merger's tables and evaluates the app, each in a task of its own: on a
// phone each is tens of milliseconds, and one task of them all would hold
// the main thread (and a press) for their sum.
async function start() {
  await import('./lib/react-dom-client')
  await nextTask()
  new Intl.NumberFormat('en-AU', { maximumFractionDigits: 0 }).format(1)
  await nextTask()
  const { cn } = await import('./lib/utils')
  cn('p-1', 'p-2')
  await nextTask()
  await import('./main')
}
