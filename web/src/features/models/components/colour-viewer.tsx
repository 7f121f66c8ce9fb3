import { useState } from 'react'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'
import {
  BODY_TYPE_RANK,
  bodyTypeLabel,
  bodyTypeOf,
  colourVariants,
  groupsByBody,
  sortColours,
  wrapIndex,
  type ModelDetail,
} from '../lib/rules'
import { imageWidthUrl, sizedSrcSet } from '@/lib/image'

const tabClass = (on: boolean) =>
  cn(
    'h-9 shrink-0 rounded-full border px-4 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
    on ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:bg-muted',
  )

// ColourViewer is docs/behaviour/states.md's model colour viewer: a row of the
// variants (a second row of body types above it when there are 3 or more
// body types and more than 15 colours), the chosen colour's picture with
// wrap-around arrows, and the swatches. Picking a variant resets the colour
// to its first.
export function ColourViewer({ model }: { model: ModelDetail }) {
  const body = model.manufacturer_body
  const sorted = sortColours(model.colours, body)
  const variants = colourVariants(model.colours, model.model_variants)
  const grouped = groupsByBody(model.colours, body)
  const typeOf = (v: string) => bodyTypeOf(v, body)
  const bodyTypes = grouped
    ? [...new Set(variants.map(typeOf))].sort((a, b) => rank(a) - rank(b))
    : []
  const [bodyType, setBodyType] = useState(bodyTypes[0] ?? '')
  const shownVariants = grouped ? variants.filter((v) => typeOf(v) === bodyType) : variants
  const [variant, setVariant] = useState(shownVariants[0] ?? '')
  const [index, setIndex] = useState(0)
  const colours = sorted.filter((c) => c.model_variant_name === variant)
  const colour = colours[Math.min(index, colours.length - 1)]
  if (model.colours.length === 0) return null

  const pickVariant = (v: string) => {
    setVariant(v)
    setIndex(0)
  }
  const pickBody = (t: string) => {
    setBodyType(t as typeof bodyType)
    pickVariant(variants.find((v) => typeOf(v) === t) ?? '')
  }

  return (
    <section aria-labelledby="colours-heading" className="bg-muted/50">
      <div className="mx-auto max-w-7xl px-4 py-10">
        <h2 id="colours-heading" className="text-2xl font-bold">
          {model.name} Colours
        </h2>
        {grouped ? (
          <div role="group" aria-label="Body type" className="mt-4 flex gap-2 overflow-x-auto pb-1">
            {bodyTypes.map((t) => (
              <button key={t || 'other'} type="button" aria-pressed={t === bodyType} className={tabClass(t === bodyType)} onClick={() => pickBody(t)}>
                {bodyTypeLabel(t)}
              </button>
            ))}
          </div>
        ) : null}
        <div role="group" aria-label="Variant" className="mt-3 flex gap-2 overflow-x-auto pb-1">
          {shownVariants.map((v) => (
            <button key={v} type="button" aria-pressed={v === variant} className={tabClass(v === variant)} onClick={() => pickVariant(v)}>
              {v}
            </button>
          ))}
        </div>
        {colour ? (
          <div className="mt-6 grid items-center gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <div className="relative">
              <img
                key={colour.id}
                src={imageWidthUrl(colour.photo_url, 900)}
                srcSet={sizedSrcSet(colour.photo_url, [400, 600, 800, 1000, 1200])}
                sizes="(min-width: 1024px) 60vw, 100vw"
                alt={`${model.make} ${model.name} ${variant} in ${colour.name}`}
                width={900}
                height={600}
                loading="lazy"
                decoding="async"
                className="aspect-[3/2] w-full rounded-lg bg-background object-cover"
              />
              <Button
                type="button"
                variant="outline"
                size="icon"
                aria-label="Previous colour"
                className="absolute left-2 top-1/2 -translate-y-1/2 rounded-full"
                onClick={() => setIndex((i) => wrapIndex(i, -1, colours.length))}
              >
                <ChevronLeft aria-hidden />
              </Button>
              <Button
                type="button"
                variant="outline"
                size="icon"
                aria-label="Next colour"
                className="absolute right-2 top-1/2 -translate-y-1/2 rounded-full"
                onClick={() => setIndex((i) => wrapIndex(i, 1, colours.length))}
              >
                <ChevronRight aria-hidden />
              </Button>
            </div>
            <div>
              <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="colour-name">
                <span className="block text-2xl font-bold text-foreground">{colour.name}</span>
                {index + 1} of {colours.length} colours for {variant}
              </p>
              <ul aria-label="Colours" className="mt-4 flex flex-wrap gap-3">
                {colours.map((c, i) => (
                  <li key={c.id}>
                    <button
                      type="button"
                      aria-pressed={i === index}
                      title={c.name}
                      onClick={() => setIndex(i)}
                      className={cn(
                        'block size-10 rounded-full border-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
                        i === index ? 'border-primary ring-2 ring-primary ring-offset-2' : 'border-border',
                      )}
                      style={{ backgroundColor: c.hexCode }}
                    >
                      <span className="sr-only">{c.name}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        ) : null}
      </div>
    </section>
  )
}

function rank(t: string): number {
  const i = BODY_TYPE_RANK.indexOf(t as (typeof BODY_TYPE_RANK)[number])
  return i < 0 ? BODY_TYPE_RANK.length : i
}
