import { useCallback, useState } from 'react'
import type { CarVideo } from '../lib/media'

// VideoSlide plays the car's video (docs/behaviour/screens.md#video): the
// video site's embedded player for an embed address, otherwise the file
// itself, looping, muted and playing inline on its own.
export function VideoSlide({ video, title, eager = false }: { video: CarVideo; title: string; eager?: boolean }) {
  const [failed, setFailed] = useState(false)
  // React sets `muted` as a property only; browsers that allow muted
  // autoplay look for the attribute too, so set both.
  const mutedRef = useCallback((el: HTMLVideoElement | null) => {
    if (!el) return
    el.muted = true
    el.defaultMuted = true
    el.setAttribute('muted', '')
  }, [])

  if (video.kind === 'embed') {
    return (
      <iframe
        src={video.url}
        title={`Video of the ${title}`}
        loading={eager ? 'eager' : 'lazy'}
        width={1200}
        height={800}
        allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        className="size-full border-0 bg-foreground"
      />
    )
  }
  if (failed) {
    return <p className="flex size-full items-center justify-center bg-muted p-4 text-center text-muted-foreground">This video cannot be played right now.</p>
  }
  return (
    <video
      ref={mutedRef}
      src={video.url}
      aria-label={`Video of the ${title}`}
      width={1200}
      height={800}
      loop
      muted
      autoPlay
      playsInline
      preload={eager ? 'auto' : 'metadata'}
      onError={() => setFailed(true)}
      className="size-full bg-foreground object-cover"
    />
  )
}
