import { FavouritesPage } from '@/features/favourites'
import { PageProse } from '@/features/pages'
import { fetchInto, viewLoader } from '../view-loader'
import { pageQueryOptions } from '@/features/pages/api/get-page'
import { pageFor } from '@/lib/offered-pages'

export function Component() {
  return <FavouritesPage intro={<PageProse path="/favourites" />} />
}

// Its own words come from the site's pages.
export const loader = viewLoader(async ({ client, site, routePath }) => {
  if (pageFor(site, routePath)) await fetchInto(client, pageQueryOptions('/favourites'))
})
