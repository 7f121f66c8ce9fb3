import { useCallback, useEffect, useState } from 'react'
import useEmblaCarousel from 'embla-carousel-react'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Link } from 'react-router'
import type { Banner } from '@/lib/api'
import { cn } from '@/lib/utils'
import { BANNER_HEIGHT, BANNER_WIDTH, bannerPicture, bannerStart } from '../lib/banner'

export { BANNER_START_INDEX } from '../lib/banner'

export function BannerCarousel({ banners }: { banners: readonly Banner[] }) {
  const startIndex = bannerStart(banners.length)
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, startIndex })
  const [selected, setSelected] = useState(startIndex)

  const onSelect = useCallback(() => {
    if (embla) setSelected(embla.selectedScrollSnap())
  }, [embla])

  useEffect(() => {
    if (!embla) return
    onSelect()
    embla.on('select', onSelect).on('reInit', onSelect)
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect)
    }
  }, [embla, onSelect])

  if (banners.length === 0) return null
  const many = banners.length > 1

  return (
    <section aria-roledescription="carousel" aria-label="Featured" className="relative bg-muted">
      <div ref={viewportRef} className="overflow-hidden">
        {/* The slide the carousel starts on is the one in view from the
            first paint (the page arrives drawn, before the carousel's
            script): the largest paint is that slide's photo, fetched first. */}
        <div className="flex touch-pan-y" style={startIndex > 0 ? { transform: `translate3d(-${startIndex * 100}%, 0, 0)` } : undefined}>
          {banners.map((b, i) => {
            const current = i === selected
            const first = i === startIndex
            const picture = b.image ? bannerPicture(b.image) : null
            return (
              <div
                key={i}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${banners.length}`}
                aria-current={current ? 'true' : undefined}
                data-slide-index={i}
                // Off-screen slides stay out of the tab order.
                inert={!current}
                className="relative min-w-0 shrink-0 grow-0 basis-full"
              >
                {picture && (
                  <img
                    src={picture.src}
                    srcSet={picture.srcSet}
                    sizes={picture.sizes}
                    alt=""
                    width={BANNER_WIDTH}
                    height={BANNER_HEIGHT}
                    loading={first ? 'eager' : 'lazy'}
                    fetchPriority={first ? 'high' : 'auto'}
                    decoding={first ? 'sync' : 'async'}
                    className="aspect-[4/3] h-auto w-full object-cover sm:aspect-[8/3]"
                  />
                )}
                <div className="absolute inset-0 flex items-end bg-gradient-to-t from-black/60 via-black/10 to-transparent">
                  <div className="mx-auto w-full max-w-7xl px-4 pb-10 text-white sm:px-16">
                    <h2 className="text-2xl font-bold sm:text-4xl">{b.title}</h2>
                    {b.text && <p className="mt-2 max-w-xl text-base sm:text-lg">{b.text}</p>}
                    {b.href && (
                      <Link
                        to={b.href}
                        className="mt-4 inline-flex h-10 items-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:ring-text"
                      >
                        Find out more<span className="sr-only">: {b.title}</span>
                      </Link>
                    )}
                  </div>
                </div>
              </div>
            )
          })}
        </div>
      </div>
      {many && (
        <>
          <button
            type="button"
            aria-label="Previous slide"
            onClick={() => embla?.scrollPrev()}
            className="absolute left-2 top-3 rounded-full sm:top-1/2 sm:-translate-y-1/2 bg-background/80 p-2 text-foreground shadow hover:bg-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <ChevronLeft aria-hidden className="size-6" />
          </button>
          <button
            type="button"
            aria-label="Next slide"
            onClick={() => embla?.scrollNext()}
            className="absolute right-2 top-3 rounded-full sm:top-1/2 sm:-translate-y-1/2 bg-background/80 p-2 text-foreground shadow hover:bg-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <ChevronRight aria-hidden className="size-6" />
          </button>
          {/* Each dot sits in a 24 px target, big enough for a thumb. */}
          <div className="absolute inset-x-0 bottom-1.5 flex justify-center">
            {banners.map((_, i) => (
              <button
                key={i}
                type="button"
                aria-label={`Go to slide ${i + 1}`}
                aria-current={i === selected ? 'true' : undefined}
                onClick={() => embla?.scrollTo(i)}
                className="group flex size-6 items-center justify-center rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <span aria-hidden className={cn('size-3 rounded-full border border-white/80', i === selected ? 'bg-white' : 'bg-white/30')} />
              </button>
            ))}
          </div>
        </>
      )}
    </section>
  )
}
