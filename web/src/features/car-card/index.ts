export { CarCard, cardRows, carTitle, FinanceChip, PriceBlock, TagPill, minWeeklyPayment } from './components/car-card'
export { CarCardSkeleton } from './components/car-card-skeleton'
export { savedCarsKey, toggleSavedCar, useSavedCars, type SavedCar, type SavedList } from './lib/saved-cars'
export type { Card, Hit, PriceDisplay, Tag } from './types'
