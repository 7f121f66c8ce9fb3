import { createContext, useContext } from 'react'
import type { Site } from './api'

// SiteContext carries the current site's public config to every feature;
// the site feature fills it (from the page or /api/site).
export const SiteContext = createContext<Site | null>(null)

export function useSite(): Site {
  const site = useContext(SiteContext)
  if (!site) throw new Error('useSite must be used inside <SiteProvider>')
  return site
}
