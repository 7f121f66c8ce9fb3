import { Navigate, useLocation, useParams } from 'react-router'
import { usedCarListing } from '@/features/search/lib/search-url'

// /used-car/… is docs/behaviour/screens.md's breadcrumb link base; it stands for
// its listing, which takes its place in the history.
export function Component() {
  const rest = useParams()['*'] ?? ''
  const { search } = useLocation()
  return <Navigate replace to={usedCarListing(rest) + search} />
}
