import { FavouritesPage } from '@/features/favourites'
import { PageProse } from '@/features/pages'
import { viewLoader } from '../view-loader'
import { loadPageWords } from './view-data'

export function Component() {
  return <FavouritesPage intro={<PageProse path="/favourites" />} />
}

// Its own words come from the site's pages.
export const loader = viewLoader((n) => loadPageWords(n, '/favourites'))
