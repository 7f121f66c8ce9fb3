import { createContext, useContext } from 'react'
import type { CarDetail } from '@/lib/api'

// Analytics event ids the vehicle page fires (docs/behaviour/calls.md).
export const vehicleEvents = {
  usedCarView: 4,
  callDealer: 25,
  favourited: 39,
  historyReport: 60,
  print: 61,
} as const

export type Track = (eventId: number, car: CarDetail) => void

// TrackContext carries the page's analytics hook (a slot) to its buttons.
export const TrackContext = createContext<Track>(() => {})

export const useTrack = () => useContext(TrackContext)
