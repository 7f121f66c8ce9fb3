import { Armchair, Images, Rotate3d } from 'lucide-react'
import type { ReactNode } from 'react'
import type { MediaView } from './media'

// The Spin / Images / Interior tabs' names, icons and styles.
export const viewNames: Record<MediaView, string> = { spin: 'Spin', images: 'Images', interior: 'Interior' }
export const viewIcons = { spin: Rotate3d, images: Images, interior: Armchair } as const

export const tabListClass = 'mb-2 inline-flex gap-1 rounded-lg bg-muted p-1'
export const tabClass =
  'inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium text-foreground hover:bg-background/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=active]:bg-primary data-[state=active]:text-primary-foreground'
export const panelClass = 'rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring'

export type ViewTabsProps = {
  views: readonly MediaView[]
  view: MediaView
  onViewChange: (view: string) => void
  className: string
  panels: Partial<Record<MediaView, ReactNode>>
}
