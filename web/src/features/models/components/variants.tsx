import { useState } from 'react'
import useEmblaCarousel from 'embla-carousel-react'
import { useCarouselArrows } from '@/lib/use-carousel-arrows'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'
import { FEATURES_SHOWN, formatDriveAway, orderNowHref, shownFeatures, variantLayout, variantsHeading, type ModelDetail, type ModelVariant } from '../lib/rules'
import { imageWidthUrl, sizedSrcSet } from '@/lib/image'

// VariantCard is one variant: picture, name, drive-away price, its
// features (8 until 'View more', docs/behaviour/states.md) and the quote link.
function VariantCard({ model, variant }: { model: ModelDetail; variant: ModelVariant }) {
  const [expanded, setExpanded] = useState(false)
  const listId = `variant-${variant.id}-features`
  const price = formatDriveAway(variant.dap_min_price, variant.dap_max_price)
  return (
    <article className="flex h-full flex-col rounded-lg border bg-background p-4 shadow-sm" aria-label={variant.full_name}>
      {variant.image.url ? (
        <img
          src={imageWidthUrl(variant.image.url, 600)}
          srcSet={sizedSrcSet(variant.image.url, [300, 400, 600, 800])}
          sizes="(min-width: 768px) 300px, 100vw"
          alt=""
          width={600}
          height={400}
          loading="lazy"
          decoding="async"
          className="aspect-[3/2] w-full rounded-md bg-muted object-cover"
        />
      ) : null}
      <h3 className="mt-3 text-lg font-bold">{variant.name}</h3>
      {variant.series ? <p className="text-xs text-muted-foreground">Series {variant.series}</p> : null}
      {price ? (
        <p className="mt-1 text-sm">
          <span className="text-lg font-bold">{price}</span>*
        </p>
      ) : null}
      {/* The features are HTML strings the server has sanitised. */}
      <ul id={listId} className="mt-3 list-disc space-y-1 pl-5 text-sm [&_p]:inline">
        {shownFeatures(variant.features, expanded).map((f, i) => (
          <li key={i} dangerouslySetInnerHTML={{ __html: f }} />
        ))}
      </ul>
      {variant.features.length > FEATURES_SHOWN ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((v) => !v)}
          className="mt-2 self-start rounded-sm text-sm font-semibold text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {expanded ? 'View less' : 'View more'}
        </button>
      ) : null}
      <div className="mt-auto pt-4">
        <Button asChild className="w-full">
          <Link to={orderNowHref(model, variant.full_name)}>
            Order Now<span className="sr-only">: {variant.full_name}</span>
          </Link>
        </Button>
      </div>
    </article>
  )
}

// VariantSlider shows 3 or more variants in a slider; arrows from 4
// (docs/behaviour/screens.md#model-pages and docs/behaviour/constants.md#lists).
function VariantSlider({ model, arrows }: { model: ModelDetail; arrows: boolean }) {
  const [viewportRef, embla] = useEmblaCarousel({ align: 'start', containScroll: 'trimSnaps' })
  const can = useCarouselArrows(embla)
  const n = model.model_variants.length
  return (
    <div role="region" aria-roledescription="carousel" aria-label="Variants" className="relative" data-testid="variant-slider">
      <div ref={viewportRef} className="overflow-hidden">
        <div className="-ml-4 flex touch-pan-y">
          {model.model_variants.map((v, i) => (
            <div key={v.id} role="group" aria-roledescription="slide" aria-label={`${i + 1} of ${n}`} className="min-w-0 shrink-0 grow-0 basis-[85%] pl-4 sm:basis-1/2 lg:basis-1/3">
              <VariantCard model={model} variant={v} />
            </div>
          ))}
        </div>
      </div>
      {arrows ? (
        <div className="mt-4 flex justify-end gap-2">
          <Button type="button" variant="outline" size="icon" aria-label="Previous variants" disabled={!can.prev} onClick={() => embla?.scrollPrev()}>
            <ChevronLeft aria-hidden />
          </Button>
          <Button type="button" variant="outline" size="icon" aria-label="Next variants" disabled={!can.next} onClick={() => embla?.scrollNext()}>
            <ChevronRight aria-hidden />
          </Button>
        </div>
      ) : null}
    </div>
  )
}

export function Variants({ model }: { model: ModelDetail }) {
  const n = model.model_variants.length
  const layout = variantLayout(n)
  if (n === 0) return null
  return (
    <section aria-labelledby="variants-heading" className="mx-auto max-w-7xl px-4 py-10">
      <h2 id="variants-heading" className="text-2xl font-bold">
        {variantsHeading(model.name, n)}
      </h2>
      <div className="mt-6">
        {layout.slider ? (
          <VariantSlider model={model} arrows={layout.arrows} />
        ) : (
          <div className={cn('grid gap-6', n === 2 && 'md:grid-cols-2')} data-testid="variant-rows">
            {model.model_variants.map((v) => (
              <VariantCard key={v.id} model={model} variant={v} />
            ))}
          </div>
        )}
      </div>
    </section>
  )
}
