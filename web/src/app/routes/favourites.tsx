import { FavouritesPage } from '@/features/favourites'
import { PageProse } from '@/features/pages'

export function Component() {
  return <FavouritesPage intro={<PageProse path="/favourites" />} />
}
