import type { ComponentType, ReactElement, ReactNode } from 'react'
import type { CarDetail, Site } from '@/lib/api'
import type { SimilarHit } from '../api/get-similar'

// VehicleSlots are the parts other features supply; the app's route
// composes them (features do not import each other). A slot left out shows
// the page's own plain fallback, or nothing.
export type VehicleSlots = {
  // The gallery, 360 spinner and video. Fallback: the main picture.
  media?: (p: { car: CarDetail; site: Site }) => ReactNode
  // Wraps an action button in the lead dialog it opens. Fallback: the
  // button links to the matching page.
  leadDialog?: (p: { kind: 'enquiry' | 'test_drive' | 'finance'; car: CarDetail; title: string; trigger: ReactElement }) => ReactNode
  // Opens the site's chat about the car (Instant Message,
  // docs/behaviour/roles.md#chat-vs-enquire). Fallback: Instant Message opens
  // the enquiry dialog.
  openChat?: (car: CarDetail) => void
  // The sold car's 'Find Me Something Similar' panel, notices included.
  findSimilar?: (p: { car: CarDetail }) => ReactNode
  // Holds the car's loan that the finance estimate, weekly chip and
  // calculator share, so all three show one figure for the buyer's inputs
  // (docs/behaviour/constants.md#finance-summary). Fallback: each shows its own.
  financeScope?: (p: { car: CarDetail; children: ReactNode }) => ReactNode
  financeEstimate?: (p: { car: CarDetail; site: Site }) => ReactNode
  weeklyChip?: (p: { car: CarDetail; site: Site }) => ReactNode
  financeCalculator?: (p: { car: CarDetail; site: Site }) => ReactNode
  deliveryCalculator?: (p: { car: CarDetail; site: Site }) => ReactNode
  fuelCalculator?: (p: { car: CarDetail; site: Site }) => ReactNode
  // The car's price history (chart and table) below the first screen.
  // Fallback: none; the sidebar still says when the price last dropped.
  priceHistory?: (p: { car: CarDetail }) => ReactNode
  // Records an analytics event (docs/behaviour/calls.md); failures stay silent.
  track?: (eventId: number, car: CarDetail) => void
  // The watchlist's save button beside Share and Favourite
  // (docs/behaviour/states.md#watchlist). Fallback: none.
  watchlist?: (p: { car: CarDetail; site: Site; name: string }) => ReactNode
  // The car card of listings, reused by the similar cars carousel.
  Card?: ComponentType<{ hit: SimilarHit; priority?: boolean; className?: string }>
  CardSkeleton?: ComponentType<{ className?: string }>
}
