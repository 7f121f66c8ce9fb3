import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

// The shapes of docs/behaviour/http.md "Sign-in, sessions and the watchlist" and the
// garage and saved-search endpoints (api/openapi.yaml).
export type Hit = Schemas['SearchHit']
export type { Me } from '@/lib/session'
export type Watchlist = Schemas['Watchlist']
export type SavedSearch = Schemas['SavedSearch']
export type Enquiry = Schemas['GarageEnquiry']
export type Garage = Schemas['Garage']
export type AlertSetting = Schemas['AlertSetting']
export type AlertSettings = Schemas['AlertSettings']
export type AlertStopped = Schemas['AlertStopped']
