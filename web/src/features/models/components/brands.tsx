import { Link } from 'react-router'
import { MakeLogo } from '@/components/make-logo'
import { useDocumentTitle } from '@/lib/document-title'
import { useSite } from '@/lib/site'
import { useModels } from '../api/get-models'
import { brandSlug, type ModelSummary } from '../lib/rules'
import { ModelGrid } from './model-list'
import { driveAwayNote } from './model-card'

export type Brand = { make: string; slug: string; path: string; models: ModelSummary[] }

// brandsOf groups the models by make, in the dealer's order.
export function brandsOf(models: readonly ModelSummary[]): Brand[] {
  const out: Brand[] = []
  for (const m of models) {
    let b = out.find((x) => x.make === m.make)
    if (!b) {
      b = { make: m.make, slug: brandSlug(m.make), path: m.brand_path, models: [] }
      out.push(b)
    }
    b.models.push(m)
  }
  return out
}

// BrandsPage is /brands: the makes the site sells new, each with its logo
// and how many models, linking to its overview.
export function BrandsPage() {
  const site = useSite()
  useDocumentTitle(`Brands | ${site.name}`)
  const { data, isPending, isError } = useModels()
  const brands = brandsOf(data ?? [])
  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">Our Brands</h1>
      <p className="mt-2 max-w-2xl text-muted-foreground">The brands {site.name} sells new. Choose one to see its models.</p>
      {isError ? <p role="alert" className="mt-8">The brands could not be loaded. Please try again shortly.</p> : null}
      {isPending ? <p role="status" className="mt-8 text-muted-foreground">Loading brands…</p> : null}
      <ul className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
        {brands.map((b) => (
          <li key={b.slug}>
            <Link
              to={b.path}
              className="flex h-full flex-col items-center gap-3 rounded-lg border bg-background p-4 text-center shadow-sm hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <MakeLogo make={b.make} />
              <span className="font-semibold">{b.make}</span>
              <span className="text-sm text-muted-foreground">
                {b.models.length} {b.models.length === 1 ? 'model' : 'models'}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

// BrandOverviewPage is /{brand}/overview: one make's models; a make the
// site does not sell is not found.
export function BrandOverviewPage({ brand, notFound }: { brand: string; notFound: React.ReactNode }) {
  const site = useSite()
  const { data, isPending, isError } = useModels()
  const found = brandsOf(data ?? []).find((b) => b.slug === brand)
  useDocumentTitle(found ? `${found.make} Overview | ${site.name}` : site.name)
  // The dealer's own paragraph about the make (wording.brand_descriptions).
  const description = found ? (site.wording.brand_descriptions?.[found.make]?.trim() ?? '') : ''
  if (!isPending && !isError && !found) return <>{notFound}</>
  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <div className="flex items-center gap-4">
        {found ? <MakeLogo make={found.make} size={64} /> : null}
        <div>
          <h1 className="text-3xl font-bold">{found ? `${found.make} Overview` : 'Brand Overview'}</h1>
          {found ? (
            <p className="mt-1 text-muted-foreground">
              {found.models.length} new {found.make} {found.models.length === 1 ? 'model' : 'models'} at {site.name}.{' '}
              <Link to="/brands" className="font-medium text-primary underline underline-offset-2">
                All brands
              </Link>
            </p>
          ) : null}
        </div>
      </div>
      {found && description ? <p className="mt-6 max-w-3xl text-lg leading-relaxed">{description}</p> : null}
      {isError ? <p role="alert" className="mt-8">The models could not be loaded. Please try again shortly.</p> : null}
      <div className="mt-8">
        <ModelGrid models={found?.models ?? []} loading={isPending} />
      </div>
      {found ? <p className="mt-8 text-xs text-muted-foreground">{driveAwayNote}</p> : null}
    </section>
  )
}
