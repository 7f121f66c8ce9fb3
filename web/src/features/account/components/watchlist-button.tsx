import { Bookmark } from 'lucide-react'
import { useEffect, useEffectEvent, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { IconTip } from '@/components/ui/icon-tip'
import { useToast } from '@/components/ui/toast'
import { cn } from '@/lib/utils'
import { useSession } from '@/lib/session'
import { useWatchlist, useWatchlistChange } from '../api/watchlist'
import { setPendingSave, takePendingSave } from '../lib/pending-save'
import { signInHref } from '../lib/redirect'

export const watchlistPath = '/watchlist'
// Long enough to read and reach 'View List'; a new toast replaces it sooner.
export const watchlistToastMs = 8000
export const watchlistTexts = {
  saved: 'Car Saved In Watchlist',
  alerts: "We'll text you if its price drops. Turn that off in My Garage, or with the stop link in any text.",
  removed: 'Car Removed',
  viewList: 'View List',
  failed: 'The watchlist could not be updated. Please try again.',
  // The card's icon names itself on hover and focus, apart from favourites.
  tip: 'Watchlist: kept in your account, on any device',
}

type Props = {
  carId: number
  // The car's name as the page shows it, for the button's accessible name.
  name: string
  // 'icon' on a result card; 'text' beside the vehicle page's other actions.
  look?: 'icon' | 'text'
  className?: string
}

// WatchlistButton saves a car to the signed-in visitor's watchlist or
// removes it (docs/behaviour/states.md#watchlist): optimistic, with the toast and
// its 'View List' link; signed out it goes to sign-in (purpose watchlist)
// and the car is saved once the visitor is back; a failure shows an alert
// with the message and the button returns to what it was
// (docs/behaviour/errors.md#watchlist-failure).
export function WatchlistButton({ carId, name, look = 'text', className }: Props) {
  const session = useSession()
  const signedIn = session.status === 'signed-in'
  const list = useWatchlist(signedIn)
  const change = useWatchlistChange()
  const toast = useToast()
  const navigate = useNavigate()
  const { pathname, search } = useLocation()
  const saved = signedIn && (list.data?.car_ids ?? []).includes(carId)

  const run = (save: boolean, phone: string) => {
    change.mutate(
      { carId, save, phone },
      {
        onSuccess: () => toast.show(save ? watchlistTexts.saved : watchlistTexts.removed, watchlistToastMs, { label: watchlistTexts.viewList, to: watchlistPath },
            save ? watchlistTexts.alerts : undefined),
        onError: (err) => window.alert(err instanceof Error && err.message ? err.message : watchlistTexts.failed),
      },
    )
  }

  // Back from sign-in: the car the visitor asked to save is saved now. The
  // stored marker, taken once, makes this happen once.
  const savePending = useEffectEvent(() => {
    if (!takePendingSave(carId)) return
    if (session.status === 'signed-in' && !list.data?.car_ids.includes(carId)) run(true, session.phone)
  })
  useEffect(() => {
    if (session.status === 'signed-in' && list.isSuccess) savePending()
  }, [session.status, list.isSuccess, carId])

  // A press made while the visitor's session (or their list) is still being
  // read, as a press held while the page loaded is, is made once it is in.
  const [waiting, setWaiting] = useState(false)
  const known = session.status === 'signed-out' || (signedIn && list.isSuccess)
  const pressNow = useEffectEvent(() => onClick())
  useEffect(() => {
    if (!waiting || !known) return
    setWaiting(false)
    pressNow()
  }, [waiting, known])

  const onClick = () => {
    if (!known) {
      setWaiting(true)
      return
    }
    if (session.status === 'signed-out') {
      setPendingSave(carId)
      void navigate(signInHref('watchlist', pathname + search, pathname))
      return
    }
    if (session.status !== 'signed-in') return
    run(!saved, session.phone)
  }

  const label = saved ? `Remove ${name} from watchlist` : `Save ${name} to watchlist`
  if (look === 'icon') {
    return (
      <IconTip tip={watchlistTexts.tip}>
        {(tipId) => (
          <button
            type="button"
            aria-pressed={saved}
            aria-label={label}
            aria-describedby={tipId}
            onClick={onClick}
            className={cn(
              'relative inline-flex size-9 items-center justify-center rounded-full border bg-background/90 text-foreground shadow-sm transition-colors hover:bg-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              saved && 'border-primary bg-primary text-primary-foreground hover:ring-text',
              className,
            )}
          >
            <Bookmark aria-hidden className={cn('size-4', saved && 'fill-current')} />
          </button>
        )}
      </IconTip>
    )
  }
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={label}
      onClick={onClick}
      className={cn(
        'inline-flex h-9 items-center gap-2 rounded-md px-3 text-sm font-medium transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4',
        saved && 'text-primary',
        className,
      )}
    >
      <Bookmark aria-hidden className={cn(saved && 'fill-current')} />
      {/* The pressed state and the filled icon say it is saved. */}
      Watchlist
    </button>
  )
}
