import { SitePage } from '@/features/pages'
import { NotFound } from './not-found'
import { usePageHandle } from './page-handle'
import { viewLoader } from '../view-loader'
import { loadPageWords } from './view-data'

// A route of the site's `pages` config (config/routes.ts marks them).
export function Component() {
  const { path } = usePageHandle()
  return <SitePage routePath={path} notFound={<NotFound />} />
}

// A page of the site's config: its content, if the site offers it.
export const loader = viewLoader((n) => loadPageWords(n, n.url.pathname))
