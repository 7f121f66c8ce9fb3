import { useState } from 'react'
import type { Hotspot } from '../types'
import { hotspotsAt, imageSrcSet, imageUrl } from '../lib/media'
import { HotspotLayer } from './hotspot-marker'

// InteriorView shows the cabin picture with its hotspots (interior hotspots
// sit at angle 0: the picture has one view).
export function InteriorView({ src, title, hotspots }: { src: string; title: string; hotspots?: readonly Hotspot[] }) {
  const [failed, setFailed] = useState(false)
  return (
    <div className="relative aspect-[3/2] overflow-hidden rounded-lg bg-muted">
      {failed ? (
        <p className="flex size-full items-center justify-center text-muted-foreground">The interior view is not available right now.</p>
      ) : (
        <>
          <img
            src={imageUrl(src, 1200)}
            srcSet={imageSrcSet(src)}
            sizes="(min-width: 1024px) 66vw, 100vw"
            alt={`Interior of the ${title}`}
            width={1200}
            height={800}
            loading="eager"
            decoding="async"
            onError={() => setFailed(true)}
            className="size-full object-cover"
          />
          <HotspotLayer spots={hotspotsAt(hotspots, 0)} />
        </>
      )}
    </div>
  )
}
