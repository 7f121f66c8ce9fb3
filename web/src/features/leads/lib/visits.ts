// The lead's lead_attributes (docs/behaviour/entities.md): the last pages this visitor
// saw in this tab, and the campaign parameters of the URL they landed on.
export const visitedPagesKey = 'forecourt:visited-pages'
export const linkedParamsKey = 'forecourt:linked-query-params'
export const maxVisitedPages = 10

// Campaign and click-id parameters a dealer's CRM attributes leads by.
const linkedParam = /^(utm_[a-z_]+|gclid|gbraid|wbraid|fbclid|msclkid|dclid|ttclid|li_fat_id)$/i

function readJSON<T>(key: string, fallback: T): T {
  try {
    const raw = window.sessionStorage.getItem(key)
    return raw ? (JSON.parse(raw) as T) : fallback
  } catch {
    return fallback
  }
}

function writeJSON(key: string, v: unknown) {
  try {
    window.sessionStorage.setItem(key, JSON.stringify(v))
  } catch {
    // storage off: leads still go, just without history
  }
}

// recordVisit adds a page (path and query) to the short list, newest last,
// and remembers the first campaign parameters seen this session.
export function recordVisit(pathWithQuery: string) {
  const pages = visitedPages()
  if (pages[pages.length - 1] !== pathWithQuery) {
    pages.push(pathWithQuery)
    writeJSON(visitedPagesKey, pages.slice(-maxVisitedPages))
  }
  const q = pathWithQuery.indexOf('?')
  if (q >= 0 && Object.keys(linkedQueryParams()).length === 0) {
    const found = pickLinkedParams(new URLSearchParams(pathWithQuery.slice(q + 1)))
    if (Object.keys(found).length > 0) writeJSON(linkedParamsKey, found)
  }
}

export function pickLinkedParams(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of params) {
    if (linkedParam.test(k) && v) out[k] = v.slice(0, 200)
  }
  return out
}

export function visitedPages(): string[] {
  const v = readJSON<unknown>(visitedPagesKey, [])
  return Array.isArray(v) ? v.filter((p): p is string => typeof p === 'string') : []
}

export function linkedQueryParams(): Record<string, string> {
  const v = readJSON<unknown>(linkedParamsKey, {})
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return {}
  const out: Record<string, string> = {}
  for (const [k, val] of Object.entries(v)) if (typeof val === 'string') out[k] = val
  return out
}
