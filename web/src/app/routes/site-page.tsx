import { SitePage } from '@/features/pages'
import { NotFound } from './not-found'
import { usePageHandle } from './page-handle'
import { fetchInto, viewLoader } from '../view-loader'
import { pageQueryOptions } from '@/features/pages/api/get-page'
import { pageFor } from '@/lib/offered-pages'

// A route of the site's `pages` config (config/routes.ts marks them).
export function Component() {
  const { path } = usePageHandle()
  return <SitePage routePath={path} notFound={<NotFound />} />
}

// A page of the site's config: its content, if the site offers it.
export const loader = viewLoader(async ({ client, site, url, routePath }) => {
  if (pageFor(site, routePath)) await fetchInto(client, pageQueryOptions(url.pathname))
})
