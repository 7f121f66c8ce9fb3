import { queryKeys } from './query-keys'
import type { DehydratedState } from '@tanstack/react-query'
import { ApiError, type ErrorCode, type Suggestion } from './api'

// The search answers' kind of key (queryKeys.search).
const searchKind = queryKeys.search('', '')[0]

// The data a page was drawn with travels in the page (#query-state). What
// the browser can work out from a query's key again is left out of it, so
// a searched text is written into the page once: in the key
// (docs/behaviour/http.md#query-once).

type SearchData = { path?: string; canonical?: string; query?: { text?: string } }
type ErrorData = { name?: string; status?: number; code?: ErrorCode; message?: string; fields?: Record<string, string>; suggestions?: Suggestion[] }

// typedText is the search text a listing's key asks for, as the server
// reads it from the address's `query`.
function typedText(key: readonly unknown[]): string {
  return (new URLSearchParams(String(key[2] ?? '')).get('query') ?? '').trim()
}

// packState makes the render worker's dehydrated state ready to be written
// into the page.
export function packState(state: DehydratedState): DehydratedState {
  for (const q of state.queries) {
    // The hash is the key again, which the browser hashes for itself.
    delete (q as { queryHash?: string }).queryHash
    const e = q.state.error
    if (e instanceof ApiError) q.state.error = { name: e.name, status: e.status, code: e.code, message: e.message, fields: e.fields, suggestions: e.suggestions } as unknown as Error
    const d = q.state.data as SearchData | undefined
    if (q.queryKey[0] !== searchKind || !d || typeof d !== 'object') continue
    const packed: SearchData = { ...d }
    // The canonical address is read only when an answer's path is not the
    // one asked for (a listing slug read differently).
    if (packed.path === q.queryKey[1]) delete packed.canonical
    if (packed.query?.text && packed.query.text === typedText(q.queryKey)) {
      packed.query = { ...packed.query }
      delete packed.query.text
    }
    q.state.data = packed
  }
  return state
}

// unpackState gives the browser back what packState left out, and makes a
// 404 or 422 the page was drawn with (a car that is gone, a search that
// cannot be made) an ApiError again. The server draws a page anew whenever
// the site's stock changes, so its data counts as fetched now.
export function unpackState(state: DehydratedState): DehydratedState {
  const now = Date.now()
  for (const q of state.queries) {
    q.state.dataUpdatedAt = now
    const e = q.state.error as ErrorData | null
    if (e?.name === 'ApiError' && e.status && e.code) q.state.error = new ApiError(e.status, e.code, e.message ?? '', e.fields, e.suggestions)
    const d = q.state.data as SearchData | undefined
    if (q.queryKey[0] === searchKind && d?.query && d.query.text === undefined) d.query.text = typedText(q.queryKey)
  }
  return state
}
