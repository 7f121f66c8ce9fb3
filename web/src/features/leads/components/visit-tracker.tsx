import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { recordVisit } from '../lib/visits'

// VisitTracker keeps the short visited-pages list (and the landing page's
// campaign parameters) that every lead carries in lead_attributes.
export function VisitTracker() {
  const { pathname, search } = useLocation()
  useEffect(() => {
    recordVisit(pathname + search)
  }, [pathname, search])
  return null
}
