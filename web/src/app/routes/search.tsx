import { useLocation, useParams } from 'react-router'
import { CarCardSkeleton, cardRows } from '@/components/car-card'
import { SaveSearchButton } from '@/features/account/components/save-search-button'
import { WatchlistCard } from './watchlist-card'
import { SearchPage, type CardComponents } from '@/features/search'
import { sendEvent } from '@/features/leads/lib/analytics'
import type { Suggestion } from '@/lib/api'
import { NotFound } from './not-found'
import { pageTitle, usePageHandle } from './page-handle'
import { fetchInto, viewLoader } from '../view-loader'
import { searchQueryOptions } from '@/lib/queries'

// The listing shows car cards; the app composes the two features.
const cards: CardComponents = { Card: WatchlistCard, Skeleton: CarCardSkeleton, cardRows }
const actions = ({ title }: { title: string }) => <SaveSearchButton name={title} />

// docs/behaviour/calls.md: event 49 is a search page view.
const SEARCH_PAGE_VIEW = 49
const onView = () => void sendEvent(SEARCH_PAGE_VIEW)
const notFound = (suggestions: Suggestion[]) => <NotFound suggestions={suggestions} />

export function Component() {
  const handle = usePageHandle()
  const title = pageTitle(handle, useLocation().pathname, useParams())
  return <SearchPage cards={cards} fallbackTitle={title} onView={onView} actions={actions} notFound={notFound} />
}

export const loader = viewLoader(async ({ client, url }) => {
  await fetchInto(client, searchQueryOptions(url.pathname, url.search))
})
