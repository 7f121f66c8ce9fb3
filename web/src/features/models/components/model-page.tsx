import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { ApiError } from '@/lib/api'
import { useDocumentTitle } from '@/lib/document-title'
import { useSite } from '@/lib/site'
import { useModel } from '../api/get-models'
import { orderNowHref } from '../lib/rules'
import { ColourViewer } from './colour-viewer'
import { FrameTabs } from './frames'
import { Variants } from './variants'
import { driveAwayNote } from './model-card'
import { imageWidthUrl, sizedSrcSet } from '@/lib/image'

const price = (n: number) => '$' + n.toLocaleString('en-AU')

// ModelPage is /models/{slug}: the model's hero, its variants, the colour
// viewer and the embedded views (docs/behaviour/screens.md and docs/behaviour/states.md).
export function ModelPage({ slug, notFound }: { slug: string; notFound: ReactNode }) {
  const site = useSite()
  const { data: model, isPending, error } = useModel(slug)
  useDocumentTitle(model ? `${model.make} ${model.name} | ${site.name}` : site.name)
  if (error instanceof ApiError && error.status === 404) return <>{notFound}</>
  if (error) {
    return (
      <p role="alert" className="mx-auto max-w-7xl px-4 py-16">
        This model could not be loaded. Please try again shortly.
      </p>
    )
  }
  if (isPending || !model) {
    return (
      <p role="status" className="mx-auto max-w-7xl px-4 py-16 text-muted-foreground">
        Loading the model…
      </p>
    )
  }
  const first = model.model_variants[0]
  return (
    <>
      <section className="mx-auto grid max-w-7xl items-center gap-8 px-4 py-10 lg:grid-cols-2">
        <div>
          <nav aria-label="Breadcrumb" className="text-sm text-muted-foreground">
            <Link to="/models" className="underline-offset-4 hover:underline">
              Models
            </Link>{' '}
            /{' '}
            <Link to={model.brand_path} className="underline-offset-4 hover:underline">
              {model.make}
            </Link>
          </nav>
          <h1 className="mt-2 text-4xl font-bold">
            {model.make} {model.name}
          </h1>
          {model.status === 'coming_soon' ? <p className="mt-2 inline-block rounded-full bg-foreground px-3 py-1 text-xs font-semibold text-background">Coming soon</p> : null}
          {model.short_description ? <p className="mt-3 text-lg text-muted-foreground">{model.short_description}</p> : null}
          {model.from_price > 0 ? (
            <p className="mt-4">
              From <span className="text-2xl font-bold">{price(model.from_price)}</span>*
            </p>
          ) : null}
          <div className="mt-6 flex flex-wrap gap-3">
            {first ? (
              <Button asChild size="lg">
                <Link to={orderNowHref(model, first.full_name)}>Get a Quote</Link>
              </Button>
            ) : null}
            <Button asChild size="lg" variant="outline">
              <Link to={model.listing_path}>View new {model.name} stock</Link>
            </Button>
          </div>
        </div>
        {model.image_url ? (
          <img
            src={imageWidthUrl(model.image_url, 900)}
            srcSet={sizedSrcSet(model.image_url, [400, 600, 800, 1000, 1200]) ?? [600, 900].map((w) => `${imageWidthUrl(model.image_url, w)} ${w}w`).join(', ')}
            sizes="(min-width: 1024px) 50vw, 100vw"
            alt={`${model.make} ${model.name}`}
            width={900}
            height={600}
            loading="eager"
            fetchPriority="high"
            className="aspect-[3/2] w-full rounded-lg bg-muted object-cover"
          />
        ) : null}
      </section>
      <Variants model={model} />
      <ColourViewer key={model.slug} model={model} />
      <FrameTabs model={model} />
      <p className="mx-auto max-w-7xl px-4 pb-10 text-xs text-muted-foreground">{driveAwayNote}</p>
    </>
  )
}
