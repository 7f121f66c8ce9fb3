// The compare feature: the /compare table and the tray that leads to it.
export { ComparePage } from './components/compare-page'
export { CompareTray, compareFullMessage } from './components/compare-tray'
export { compareColumns, compareHref, compareRows, parseCompareIds, rowDiffers } from './lib/compare'
