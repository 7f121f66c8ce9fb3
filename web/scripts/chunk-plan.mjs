// Chunks by first load (docs/architecture.md#script-chunks).
//
// Left to itself the bundler gives every set of lazy parts that share a
// module a chunk of its own: a car page's first load came to 55 files, many
// of a few hundred bytes, and on a phone each costs a request and its
// headers. scripts/build-client.mjs builds twice: the first build's chunk
// graph (after tree shaking, so that a library's index file does not make
// all of the library look needed) gives the plan, a group per module, which
// the second build follows (vite.config.ts):
//
//   react-dom  React DOM and React, which the first script imports first;
//   classes    the class merger, which it imports next;
//   app        what the app itself loads (src/main.tsx and its imports),
//              and what all three landing pages (home, results, a car)
//              need beyond it;
//   home-car and the like: what two of them need; home, results, car:
//              what only one needs.
//
// The first script evaluates each of the first three in a task of its own
// (src/boot.ts). A part loaded later that needs one of these modules loads
// its chunk whole; everything else is split as before.
import { fileURLToPath } from 'node:url'

const src = (path) => fileURLToPath(new URL(`../src/${path}`, import.meta.url))

export const appModule = src('main.tsx')
// Each landing page's view (the module the router loads for it), then the
// parts it loads lazily but takes over as it arrives: a car page's similar
// cars, drawn on the server, need their cards.
export const landingPages = {
  home: [src('app/routes/home.tsx')],
  results: [src('app/routes/search.tsx')],
  car: [src('app/routes/vehicle.tsx'), src('app/routes/watchlist-card.tsx')],
}
// Imported on their own by the first script, each evaluated in its own task.
export const ownTask = [src('lib/utils.ts'), src('lib/react-dom-client.ts')]

// closure follows the static imports of chunks (by file name) from roots,
// not entering stop.
function closure(byFile, roots, stop = new Set()) {
  const seen = new Set()
  const queue = roots.map((c) => c.fileName)
  while (queue.length > 0) {
    const file = queue.pop()
    if (seen.has(file) || stop.has(file)) continue
    seen.add(file)
    queue.push(...(byFile.get(file)?.imports ?? []))
  }
  return seen
}

// planFirstLoads reads the first build's chunks (fileName, facadeModuleId,
// isEntry, imports, modules) and maps each module of a first load to its
// group.
export function planFirstLoads(chunks) {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]))
  // The chunk a module starts, or else the one it is in.
  const startingAt = (id) => {
    const is = (m) => m === id || (m?.endsWith(id) ?? false)
    const c = chunks.find((ch) => is(ch.facadeModuleId)) ?? chunks.find((ch) => Object.keys(ch.modules).some(is))
    if (!c) throw new Error(`chunk plan: no chunk holds ${id}`)
    return c
  }
  const plan = {}
  const place = (files, group) => {
    for (const file of files) for (const id of Object.keys(byFile.get(file).modules)) plan[id] = group
  }
  // The first script's own chunk is left as it is; React DOM (with React)
  // and the class merger, which it imports first, are a chunk each.
  const taken = closure(byFile, chunks.filter((c) => c.isEntry))
  const grow = (name, roots) => {
    const files = closure(byFile, roots, taken)
    place(files, name)
    for (const f of files) taken.add(f)
  }
  const [classes, reactDOM] = ownTask.map(startingAt)
  grow('react-dom', [reactDOM])
  grow('classes', [classes])
  grow('app', [startingAt(appModule)])
  const pages = Object.entries(landingPages).map(([name, [view, ...parts]]) => {
    const own = startingAt(view)
    // A page's own chunk stays the one the router loads.
    const files = closure(byFile, [own, ...parts.map(startingAt)], taken)
    files.delete(own.fileName)
    return { name, files }
  })
  // What all three pages need goes with the app, which they all load.
  for (const file of new Set(pages.flatMap((p) => [...p.files]))) {
    const names = pages.filter((p) => p.files.has(file)).map((p) => p.name)
    place([file], names.length === pages.length ? 'app' : names.join('-'))
  }
  return plan
}
