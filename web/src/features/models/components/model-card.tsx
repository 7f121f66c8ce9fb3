import { Link } from 'react-router'
import type { ModelSummary } from '../lib/rules'
import { imageWidthUrl, sizedSrcSet } from '@/lib/image'

const price = (n: number) => '$' + n.toLocaleString('en-AU')

// ModelCard is one model in a list: its picture, name, blurb and the
// lowest price in stock, linking to the model's page.
export function ModelCard({ model, headingLevel = 2 }: { model: ModelSummary; headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <article className="group relative flex flex-1 flex-col overflow-hidden rounded-lg border bg-background shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
      <div className="relative aspect-[3/2] bg-muted">
        {model.image_url ? (
          <img
            src={imageWidthUrl(model.image_url, 600)}
            srcSet={sizedSrcSet(model.image_url, [300, 400, 600, 800])}
            sizes="(min-width: 1280px) 25vw, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
            alt=""
            width={600}
            height={400}
            loading="lazy"
            decoding="async"
            className="size-full object-cover"
          />
        ) : null}
        {model.status === 'coming_soon' ? (
          <span className="absolute left-3 top-3 rounded-full bg-foreground px-3 py-1 text-xs font-semibold text-background">Coming soon</span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <p className="text-sm font-medium text-muted-foreground">{model.make}</p>
        <H className="text-xl font-bold">
          <Link to={model.path} className="after:absolute after:inset-0 focus-visible:outline-none">
            {model.name}
          </Link>
        </H>
        {model.short_description ? <p className="text-sm text-muted-foreground">{model.short_description}</p> : null}
        {model.from_price > 0 ? (
          <p className="mt-auto pt-3 text-sm">
            From <span className="text-lg font-bold text-foreground">{price(model.from_price)}</span>*
          </p>
        ) : null}
      </div>
    </article>
  )
}

export function ModelCardSkeleton() {
  return (
    <div aria-hidden className="overflow-hidden rounded-lg border">
      <div className="aspect-[3/2] animate-pulse bg-muted" />
      <div className="space-y-2 p-4">
        <div className="h-4 w-1/3 animate-pulse rounded bg-muted" />
        <div className="h-6 w-1/2 animate-pulse rounded bg-muted" />
      </div>
    </div>
  )
}

export const driveAwayNote = '*Prices are those of our new cars in stock; ask the dealer for a drive-away quote on your chosen variant and colour.'
