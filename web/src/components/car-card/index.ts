export { CarCard, cardRows, carTitle, FinanceChip, PriceBlock, TagPill, minWeeklyPayment } from './car-card'
export { CarCardSkeleton } from './car-card-skeleton'
export { savedCarsKey, toggleSavedCar, useSavedCars, type SavedCar, type SavedList } from '@/lib/saved-cars'
export type { Card, Hit, PriceDisplay, Tag } from '@/lib/card-types'
