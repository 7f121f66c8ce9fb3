import type { Plugin } from 'vite'

// The app is written against React's API and runs on Preact's compatible
// implementation of it: the same components, hooks and libraries, in about
// 10 KB of script instead of React DOM's 65 KB (issue 15: at most 120 KB of
// script before a visitor can use the results and vehicle pages). The
// browser's build, the server renderer's build and the unit tests all
// resolve React to it, so what is tested is what runs.
export const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
]

// Radix's collections (slider thumbs, tabs, menus) register each item in an
// effect, and an item's own re-render, set off by its ref, reads the list.
// React runs pending effects before re-rendering; Preact re-renders first,
// so a slider thumb found no item and stayed hidden. Registering in a
// layout effect (run as the item is committed) gives the order React has.
// The build fails if Radix's code no longer reads as expected.
export const radixCollectionOrder: Plugin = {
  name: 'radix-collection-order',
  enforce: 'pre',
  transform(code, id) {
    if (!/[\\/]@radix-ui[\\/]react-collection[\\/]dist[\\/]index\.mjs$/.test(id)) return null
    const from = 'React.useEffect(() => {\n        context.itemMap.set('
    if (code.split(from).length !== 2) throw new Error(`${id}: expected one "${from}"`)
    return code.replace(from, 'React.useLayoutEffect(() => {\n        context.itemMap.set(')
  },
}
