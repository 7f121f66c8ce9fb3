import { BellPlus } from 'lucide-react'
import { useLocation, useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { useToast } from '@/components/ui/toast'
import { useSite } from '@/lib/site'
import { useSaveSearch } from '../api/garage'
import { useSession } from '@/lib/session'
import { signInHref } from '../lib/redirect'
import { garagePath, offersGarage } from './account-link'

export const savedSearchTexts = {
  saved: 'Search saved',
  view: 'View in My Garage',
  alerts: "We'll text you its new matches each morning at 9. Change or stop that in My Garage, or with the stop link in any text.",
}

// SaveSearchButton keeps the listing the visitor is looking at, filters and
// all, in their garage, where it counts the new cars since their last look.
export function SaveSearchButton({ name }: { name: string }) {
  const site = useSite()
  if (!offersGarage(site)) return null
  return <SaveSearch name={name} />
}

function SaveSearch({ name }: { name: string }) {
  const session = useSession()
  const save = useSaveSearch()
  const toast = useToast()
  const navigate = useNavigate()
  const { pathname, search } = useLocation()
  const onClick = () => {
    if (session.status === 'loading') return
    if (session.status === 'signed-out') {
      void navigate(signInHref('my-garage', pathname + search, pathname))
      return
    }
    save.mutate(
      { name, path: pathname, query: search.replace(/^\?/, '') },
      {
        onSuccess: () => toast.show(savedSearchTexts.saved, 8000, { label: savedSearchTexts.view, to: garagePath }, savedSearchTexts.alerts),
        onError: (err) => window.alert(err instanceof Error ? err.message : 'This search could not be saved. Please try again.'),
      },
    )
  }
  return (
    <Button type="button" variant="outline" size="sm" onClick={onClick} disabled={save.isPending} aria-busy={save.isPending}>
      <BellPlus aria-hidden />
      Save this search
    </Button>
  )
}
