import useEmblaCarousel from 'embla-carousel-react'
import { useCarouselArrows } from '@/lib/use-carousel-arrows'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Button } from '@/components/ui/button'
import type { CarDetail, Site } from '@/lib/api'
import { useSimilar } from '../api/get-similar'
import { useNearView } from '@/lib/use-near-view'
import { capitalise, limits, vehicleType } from '../lib/rules'
import { Section } from './sections'
import type { VehicleSlots } from './slots'

function Placeholder() {
  return (
    <div aria-hidden className="flex animate-pulse flex-col overflow-hidden rounded-lg border motion-reduce:animate-none">
      <div className="aspect-[3/2] bg-muted" />
      <div className="space-y-3 p-4">
        <div className="h-4 w-3/4 rounded bg-muted" />
        <div className="h-6 w-1/3 rounded bg-muted" />
      </div>
    </div>
  )
}

// An available car's similar cars share the main column with the sidebar
// beside it: 3 across. On a sold car the sold panel takes the sidebar's place
// and they span the page: 4 across (docs/behaviour/states.md#availability: "a
// different similar-car column class").
export const slideAvailable = 'min-w-0 shrink-0 grow-0 basis-[85%] pl-4 sm:basis-1/2 lg:basis-1/3'
export const slideSold = 'min-w-0 shrink-0 grow-0 basis-[85%] pl-4 sm:basis-1/3 lg:basis-1/4'

// SimilarCars: up to 6 in-stock cars in a carousel starting at index 0;
// with load-in-view on they load once the section is within 500 px of the
// viewport, with 6 placeholders meanwhile (docs/behaviour/states.md and docs/behaviour/constants.md).
export function SimilarCars({ car, site, slots }: { car: CarDetail; site: Site; slots: VehicleSlots }) {
  const ref = useRef<HTMLDivElement>(null)
  const near = useNearView(ref, limits.similarMargin, site.features.similar_load_in_view)
  const { data, isPending } = useSimilar(car.slug, near)
  const [viewportRef, embla] = useEmblaCarousel({ startIndex: 0, align: 'start', containScroll: 'trimSnaps' })
  const can = useCarouselArrows(embla)
  useEffect(() => {
    embla?.reInit()
  }, [embla, data])

  const loading = !near || isPending
  const hits = data ?? []
  if (!loading && hits.length === 0) return null
  const Card = slots.Card
  const Skeleton = slots.CardSkeleton ?? Placeholder
  const slide = car.available ? slideAvailable : slideSold
  return (
    <div ref={ref}>
      <Section title={`Similar ${capitalise(vehicleType(car))}s`} id="similar-cars">
        <div role="group" aria-roledescription="carousel" aria-label={`Similar ${vehicleType(car)}s`} aria-busy={loading} className="relative">
          <div ref={viewportRef} className="-ml-4 overflow-hidden">
            <div className="flex touch-pan-y">
              {loading
                ? Array.from({ length: limits.similarPlaceholders }, (_, i) => (
                    <div key={i} className={slide} data-testid="similar-placeholder">
                      <Skeleton />
                    </div>
                  ))
                : hits.map((h, i) => (
                    <div key={h.id} className={slide} role="group" aria-roledescription="slide" aria-label={`${i + 1} of ${hits.length}`}>
                      {Card ? (
                        <Card hit={h} />
                      ) : (
                        <a href={`/cars/${h.slug}`} className="block rounded-lg border p-4 font-medium hover:bg-muted">
                          {h.name}
                        </a>
                      )}
                    </div>
                  ))}
            </div>
          </div>
          {!loading && hits.length > 1 && (
            <div className="mt-3 flex justify-end gap-2">
              <Button variant="outline" size="icon" aria-label="Previous similar cars" disabled={!can.prev} onClick={() => embla?.scrollPrev()}>
                <ChevronLeft aria-hidden />
              </Button>
              <Button variant="outline" size="icon" aria-label="Next similar cars" disabled={!can.next} onClick={() => embla?.scrollNext()}>
                <ChevronRight aria-hidden />
              </Button>
            </div>
          )}
        </div>
      </Section>
    </div>
  )
}
