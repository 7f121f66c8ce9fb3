import type { components } from '@/lib/api-types'

export type Hit = components['schemas']['SearchHit']

// The shapes of API.md's "Sign-in, sessions and the watchlist" and the
// garage and saved-search endpoints of api/openapi.yaml.
export type Me = { phone: string }
export type Watchlist = { car_ids: number[] }
export type SavedSearch = {
  id: number
  name: string
  path: string
  query: string
  created_at: string
  last_seen_at: string
  new_matches: number
}
export type Enquiry = {
  lead_id: string
  category: string
  subcategory: string
  car_id: number | null
  car_name: string
  created_at: string
}
export type Garage = {
  phone: string
  watchlist: Hit[]
  saved_searches: SavedSearch[]
  enquiries: Enquiry[]
}
