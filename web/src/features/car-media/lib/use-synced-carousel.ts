import { useEffect, useRef } from 'react'
import useEmblaCarousel from 'embla-carousel-react'
import { prefersReducedMotion } from './use-spinner'

// useSyncedCarousel is an embla slider that follows an index held by its
// owner, and reports the slide the buyer drags or swipes to. The main
// gallery and the fullscreen one share one index this way.
export function useSyncedCarousel(index: number, onIndexChange: (i: number) => void) {
  const [viewportRef, embla] = useEmblaCarousel({ startIndex: index, containScroll: false })
  const report = useRef(onIndexChange)
  useEffect(() => {
    report.current = onIndexChange
  }, [onIndexChange])

  useEffect(() => {
    if (!embla) return
    const onSelect = () => report.current(embla.selectedScrollSnap())
    embla.on('select', onSelect)
    return () => {
      embla.off('select', onSelect)
    }
  }, [embla])

  useEffect(() => {
    if (embla && embla.selectedScrollSnap() !== index) embla.scrollTo(index, prefersReducedMotion())
  }, [embla, index])

  return viewportRef
}
