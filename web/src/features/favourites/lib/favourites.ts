import { useCallback } from 'react'
import { useToast } from '@/components/ui/toast'
import { useSite } from '@/lib/site'

export const favouritesPath = '/favourites'

// Long enough to read and reach 'View List'; a new toast replaces it sooner.
export const favouritesToastMs = 8000
export const favouritesTexts = {
  saved: 'Car Saved In Favourites',
  removed: 'Car Removed',
  viewList: 'View List',
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
  return useCallback(
    (saved: boolean) => {
      if (!offered) return
      if (saved) toast.show(favouritesTexts.saved, favouritesToastMs, { label: favouritesTexts.viewList, to: favouritesPath })
      else toast.show(favouritesTexts.removed, favouritesToastMs)
    },
    [offered, toast],
  )
}
