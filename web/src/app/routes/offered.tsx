import type { ReactNode } from 'react'
import { pageFor } from '@/lib/offered-pages'
import { useSite } from '@/lib/site'
import { NotFound } from './not-found'
import { usePageHandle } from './page-handle'

// Offered draws a configured route's view where the site lists the route in
// its pages, and the site's not-found page elsewhere.
export function Offered({ view }: { view: ReactNode }) {
  const site = useSite()
  const { path } = usePageHandle()
  return pageFor(site, path) ? <>{view}</> : <NotFound />
}
