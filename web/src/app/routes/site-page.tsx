import { SitePage } from '@/features/pages'
import { NotFound } from './not-found'
import { usePageHandle } from './page-handle'

// A route of the site's `pages` config (config/routes.ts marks them).
export function Component() {
  const { path } = usePageHandle()
  return <SitePage routePath={path} notFound={<NotFound />} />
}
