// Tests of the first-load chunk plan (scripts/chunk-plan.mjs) on a small
// chunk graph shaped like the bundler's own output.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { appModule, landingPages, ownTask, planFirstLoads } from './chunk-plan.mjs'

const [utils, reactDOM] = ownTask

const chunk = (fileName, modules, imports = [], extra = {}) => ({
  type: 'chunk',
  fileName,
  facadeModuleId: null,
  isEntry: false,
  imports,
  modules: Object.fromEntries(modules.map((m) => [m, {}])),
  ...extra,
})
const facade = (fileName, id, imports = []) => chunk(fileName, [id], imports, { facadeModuleId: id })

function graph() {
  const [home] = landingPages.home
  const [results] = landingPages.results
  const [car, cards] = landingPages.car
  return [
    chunk('boot.js', ['/src/boot.ts', '/src/lib/page-start.ts'], [], { isEntry: true, facadeModuleId: '/src/boot.ts' }),
    chunk('client.js', [reactDOM, '/x/node_modules/react-dom/client.js'], ['react.js'], { facadeModuleId: reactDOM }),
    chunk('react.js', ['/x/node_modules/react/index.js']),
    chunk('utils.js', [utils, '/x/node_modules/clsx/index.js']),
    facade('main.js', appModule, ['react.js', 'router.js', 'button.js', 'utils.js']),
    chunk('router.js', ['/x/node_modules/react-router/index.js'], ['react.js']),
    chunk('button.js', ['/src/components/ui/button.tsx'], ['utils.js']),
    chunk('icon.js', ['/x/node_modules/lucide-react/icons/x.js'], ['react.js']),
    chunk('carousel.js', ['/x/node_modules/embla/index.js'], ['react.js']),
    chunk('card.js', ['/src/features/car-card.tsx'], ['button.js', 'icon.js']),
    chunk('filters.js', ['/src/features/filters.tsx'], ['icon.js']),
    facade('home.js', home, ['carousel.js', 'icon.js', 'button.js']),
    facade('search.js', results, ['card.js', 'filters.js', 'icon.js']),
    facade('vehicle.js', car, ['carousel.js', 'icon.js']),
    facade('watchlist-card.js', cards, ['card.js']),
    // A part no landing page loads at first: split as the bundler likes.
    facade('account.js', '/src/app/routes/account.tsx', ['filters.js']),
  ]
}

test('groups each module of a first load by the landing pages that need it', () => {
  const plan = planFirstLoads(graph())
  assert.equal(plan['/x/node_modules/react-dom/client.js'], 'react-dom')
  assert.equal(plan['/x/node_modules/react/index.js'], 'react-dom')
  assert.equal(plan[utils], 'classes')
  assert.equal(plan['/x/node_modules/clsx/index.js'], 'classes')
  assert.equal(plan[appModule], 'app')
  assert.equal(plan['/x/node_modules/react-router/index.js'], 'app')
  // What the app already loads stays in it, whoever else needs it.
  assert.equal(plan['/src/components/ui/button.tsx'], 'app')
  // Needed by all three pages: with the app.
  assert.equal(plan['/x/node_modules/lucide-react/icons/x.js'], 'app')
  assert.equal(plan['/x/node_modules/embla/index.js'], 'home-car')
  // A car page's similar cars take their cards over as they arrive.
  assert.equal(plan['/src/features/car-card.tsx'], 'results-car')
  assert.equal(plan['/src/features/filters.tsx'], 'results')
})

test('leaves the first script, the pages themselves and later parts to the bundler', () => {
  const plan = planFirstLoads(graph())
  for (const id of ['/src/boot.ts', '/src/lib/page-start.ts', landingPages.home[0], landingPages.results[0], landingPages.car[0], '/src/app/routes/account.tsx']) {
    assert.equal(plan[id], undefined, id)
  }
})

test('refuses a build without one of the chunks it plans around', () => {
  const chunks = graph().filter((c) => c.fileName !== 'main.js')
  assert.throws(() => planFirstLoads(chunks), /no chunk holds .*main\.tsx/)
})
