// Favourites (docs/behaviour/states.md#favourites-compare): the local
// favourites and viewed lists, their page, the header link and the toast a
// saved favourite shows.
export { FavouritesPage } from './components/favourites-page'
export { FavouritesLink } from '@/components/favourites-link'
export { favouritesPath, favouritesTexts, offersFavourites, useFavouriteToast } from '@/lib/favourites'
