import { useMatches } from 'react-router'
import type { PageRoute } from '@/config/routes'

// Each page route carries its entry of config/routes.ts as its handle.
export type PageHandle = Pick<PageRoute, 'title' | 'view' | 'path'>

export function usePageHandle(): PageHandle {
  const matches = useMatches()
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i]?.handle as PageHandle | undefined
    if (h?.title) return h
  }
  return { title: '', view: 'page', path: '' }
}

// pageTitle names a page the way the server's <title> does: listings after
// their path ("/search/used-cars/toyota" → "Used Cars Toyota for Sale").
export function pageTitle(handle: PageHandle, pathname: string, params: Record<string, string | undefined>): string {
  const clean = pathname.replace(/\/$/, '')
  if (Object.keys(params).length > 0 && clean.startsWith('/search/')) {
    return words(clean.slice('/search/'.length).replaceAll('/', ' ')) + ' for Sale'
  }
  return handle.title
}

function words(s: string): string {
  return s
    .replace(/[-_]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ')
}
