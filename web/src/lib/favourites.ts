import { useCallback } from 'react'
import { useToast } from '@/components/ui/toast'
import { useSite } from '@/lib/site'
import { hasSessionHint } from '@/lib/session-hint'

export const favouritesPath = '/favourites'

// Long enough to read and reach 'View List'; a new toast replaces it sooner.
export const favouritesToastMs = 8000
export const favouritesTexts = {
  saved: 'Car Saved In Favourites',
  removed: 'Car Removed',
  viewList: 'View List',
  // The first save on a device also says where favourites live and how the
  // watchlist differs, so the card's three save buttons make sense.
  firstSaved: 'Car Saved In Favourites on this device.',
  firstSavedWatchlist: 'Car Saved In Favourites on this device. Sign in to keep cars in your watchlist on any device.',
  firstSavedSignedIn: 'Car Saved In Favourites on this device. Your watchlist keeps cars on any device.',
}

// The device remembers that it has been told where favourites live.
export const favouritesExplainedKey = 'forecourt:favourites-explained'

function takeFirstSave(): boolean {
  try {
    if (window.localStorage.getItem(favouritesExplainedKey)) return false
    window.localStorage.setItem(favouritesExplainedKey, '1')
    return true
  } catch {
    return false
  }
}

function firstSaveText(watchlist: boolean): string {
  if (!watchlist) return favouritesTexts.firstSaved
  return hasSessionHint() ? favouritesTexts.firstSavedSignedIn : favouritesTexts.firstSavedWatchlist
}

// offersFavourites: the site lists /favourites among its pages.
export function offersFavourites(site: { pages?: readonly { path: string }[] | null }): boolean {
  return (site.pages ?? []).some((p) => p.path === favouritesPath)
}

// useFavouriteToast tells the visitor a favourite was saved or removed
// (one toast at a time), only where the site offers the favourites page.
export function useFavouriteToast(): (saved: boolean) => void {
  const site = useSite()
  const toast = useToast()
  const offered = offersFavourites(site)
  const watchlist = site.features.watchlist
  return useCallback(
    (saved: boolean) => {
      if (!offered) return
      if (saved) {
        const text = takeFirstSave() ? firstSaveText(watchlist) : favouritesTexts.saved
        toast.show(text, favouritesToastMs, { label: favouritesTexts.viewList, to: favouritesPath })
      } else toast.show(favouritesTexts.removed, favouritesToastMs)
    },
    [offered, watchlist, toast],
  )
}
