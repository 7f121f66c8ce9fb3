// Saved cars live in the shared lib: the car card and the vehicle page both
// toggle favourites.
export * from '@/lib/saved-cars'
