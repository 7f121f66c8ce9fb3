import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

// Hit is a car as search and similar-cars answer it: the car plus the
// derived card fields (tag, price display, weekly payment, availability).
export type Hit = Schemas['SearchHit']
// Card is a car in a search answer: what a result card needs. A hit has
// all of it, so any hit can be drawn as a card.
export type Card = Schemas['Card']
export type Tag = Schemas['CarTag']
export type PriceDisplay = Schemas['PriceDisplay']
