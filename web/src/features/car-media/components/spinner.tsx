import { useId, useMemo } from 'react'
import { Hand, Pause, RotateCw } from 'lucide-react'
import { cn } from '@/lib/utils'
import type { Hotspot } from '../types'
import { frameAngle, hotspotsAt, imageUrl, spinFrameWidth } from '../lib/media'
import { useSpinner, type AutoRotate } from '../lib/use-spinner'
import { HotspotLayer } from './hotspot-marker'

type Props = {
  frames: readonly string[]
  title: string
  hotspots?: readonly Hotspot[]
  autoRotate?: AutoRotate
}

// Spinner is the 360 view: every frame is fetched up front (it shows a
// loading state until all are in), then the buyer turns the car by dragging
// or swiping (one frame per 20 px), with the arrow keys, or lets it turn by
// itself every 100 ms (docs/behaviour/states.md and docs/behaviour/constants.md).
export function Spinner({ frames, title, hotspots, autoRotate = 'once' }: Props) {
  const n = frames.length
  const s = useSpinner(n, autoRotate)
  const loadingId = useId()
  // One width for every frame, chosen by the screen (spinFrameWidth): the
  // browser picks it from the <picture> sources, so the page drawn on the
  // server and the browser's own render ask for the same pictures.
  const width = spinFrameWidth(1024)
  const phoneWidth = spinFrameWidth(639)
  const height = Math.round((width * 2) / 3)
  const spots = useMemo(
    () => (s.loaded && !s.playing ? hotspotsAt(hotspots, s.frame) : []),
    [hotspots, s.frame, s.loaded, s.playing],
  )

  return (
    <div className="space-y-2">
      <div className="relative aspect-[3/2] overflow-hidden rounded-lg bg-muted">
        <div
          role="slider"
          tabIndex={0}
          aria-label={`360° view of ${title}`}
          aria-valuemin={1}
          aria-valuemax={n}
          aria-valuenow={s.frame + 1}
          aria-valuetext={`${frameAngle(s.frame, n)}°, frame ${s.frame + 1} of ${n}`}
          aria-disabled={!s.loaded || undefined}
          aria-busy={!s.loaded || undefined}
          {...s.handlers}
          className={cn(
            'absolute inset-0 touch-pan-y select-none focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-inset focus-visible:ring-ring',
            s.loaded && (s.dragging ? 'cursor-grabbing' : 'cursor-grab'),
          )}
        >
          {/* Every frame is in the page so each is fetched and decoded once;
              turning only changes which one is visible. */}
          {(s.posterSettled ? frames : frames.slice(0, 1)).map((src, i) => (
            <picture key={`${i}-${src}`}>
              <source media="(max-width: 639px)" srcSet={imageUrl(src, phoneWidth)} width={phoneWidth} height={Math.round((phoneWidth * 2) / 3)} />
              <img
                src={imageUrl(src, width)}
                alt=""
                width={width}
                height={height}
                loading="eager"
                fetchPriority={i === 0 ? 'high' : 'low'}
                decoding={i === 0 ? 'sync' : 'async'}
                draggable={false}
                data-frame={i}
                onLoad={() => s.settle(i)}
                onError={() => s.settle(i)}
                // A frame of a page drawn on the server may have loaded (or
                // failed) before the browser took the page over: no event comes.
                ref={(img) => {
                  if (img?.complete) s.settle(i)
                }}
                className={cn('pointer-events-none absolute inset-0 size-full object-cover', i === s.frame ? 'visible' : 'invisible')}
              />
            </picture>
          ))}
        </div>

        <HotspotLayer spots={spots} />

        {s.showHint && (
          <p className="pointer-events-none absolute bottom-3 left-1/2 flex -translate-x-1/2 items-center gap-2 rounded-full bg-foreground/75 px-3 py-1.5 text-sm font-medium text-background">
            <Hand aria-hidden className="size-4 motion-safe:animate-pulse" />
            Swipe to spin
          </p>
        )}

        {!s.loaded && (
          <div className="absolute inset-x-0 bottom-0 bg-foreground/60 px-4 py-3 text-background">
            <p id={loadingId} className="text-sm font-medium">
              Loading 360° view… {s.loadedCount} of {n}
            </p>
            <div
              role="progressbar"
              aria-labelledby={loadingId}
              aria-valuemin={0}
              aria-valuemax={n}
              aria-valuenow={s.loadedCount}
              className="mt-2 h-1.5 overflow-hidden rounded-full bg-background/30"
            >
              <div className="h-full bg-background transition-[width] motion-reduce:transition-none" style={{ width: `${(s.loadedCount / Math.max(n, 1)) * 100}%` }} />
            </div>
          </div>
        )}
      </div>

      {n > 1 && (
        <div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
          <p>Drag, swipe or use the arrow keys to turn the car.</p>
          <button
            type="button"
            onClick={s.togglePlaying}
            disabled={!s.loaded}
            className="inline-flex items-center gap-1.5 rounded-md border bg-background px-3 py-1.5 font-medium text-foreground hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
          >
            {s.playing ? <Pause aria-hidden className="size-4" /> : <RotateCw aria-hidden className="size-4" />}
            {s.playing ? 'Stop rotating' : 'Rotate 360°'}
          </button>
        </div>
      )}
    </div>
  )
}
