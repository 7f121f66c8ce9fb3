// React DOM's client, as an ES module of ours: the page's first script
// imports it to evaluate React DOM ahead of the app (src/boot.ts), and the
// interop a CommonJS package needs then stays in React DOM's own chunk, so
// the first script needs nothing else to run (docs/architecture.md#script-chunks).
export { createRoot, hydrateRoot } from 'react-dom/client'
