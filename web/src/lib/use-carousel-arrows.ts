import type { UseEmblaCarouselType } from 'embla-carousel-react'
import { useCallback, useEffect, useState } from 'react'

// useCarouselArrows tells whether a carousel can move back or forward, kept
// current as it scrolls or re-measures, for its previous and next buttons.
export function useCarouselArrows(embla: UseEmblaCarouselType[1]) {
  const [can, setCan] = useState({ prev: false, next: false })
  const update = useCallback(() => {
    if (embla) setCan({ prev: embla.canScrollPrev(), next: embla.canScrollNext() })
  }, [embla])
  useEffect(() => {
    if (!embla) return
    update()
    embla.on('select', update).on('reInit', update)
    return () => {
      embla.off('select', update).off('reInit', update)
    }
  }, [embla, update])
  return can
}
