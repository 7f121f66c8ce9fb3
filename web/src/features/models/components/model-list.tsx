import { Link, useSearchParams } from 'react-router'
import { useDocumentTitle } from '@/lib/document-title'
import { useSite } from '@/lib/site'
import { cn } from '@/lib/utils'
import { useModels } from '../api/get-models'
import { bodyParam, type ModelSummary } from '../lib/rules'
import { driveAwayNote, ModelCard, ModelCardSkeleton } from './model-card'

export function ModelGrid({ models, loading }: { models: readonly ModelSummary[]; loading?: boolean }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {loading
        ? Array.from({ length: 6 }, (_, i) => (
            <li key={i}>
              <ModelCardSkeleton />
            </li>
          ))
        : models.map((m) => (
            <li key={m.id} className="flex">
              <div className="flex w-full">
                <ModelCard model={m} />
              </div>
            </li>
          ))}
    </ul>
  )
}

// bodies lists the models' bodies in the order they first appear.
function bodies(models: readonly ModelSummary[]): { label: string; value: string }[] {
  const out: { label: string; value: string }[] = []
  for (const m of models) {
    const value = bodyParam(m.manufacturer_body)
    if (value && !out.some((b) => b.value === value)) out.push({ label: m.manufacturer_body, value })
  }
  return out
}

const chip =
  'inline-flex h-9 items-center rounded-full border px-4 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring'

// ModelsPage is /models and /models?body={body} (docs/behaviour/screens.md): every
// new model, or those of one body, with a filter row of the bodies.
export function ModelsPage() {
  const site = useSite()
  const [params] = useSearchParams()
  const body = bodyParam(params.get('body') ?? '')
  const { data, isPending, isError } = useModels()
  const all = data ?? []
  const list = body ? all.filter((m) => bodyParam(m.manufacturer_body) === body) : all
  const label = all.find((m) => bodyParam(m.manufacturer_body) === body)?.manufacturer_body
  const title = label ? `New ${label} Models` : 'New Models'
  useDocumentTitle(`${title} | ${site.name}`)
  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-2 max-w-2xl text-muted-foreground">Explore every new model at {site.name}: choose a variant and colour, then ask us for a drive-away quote.</p>
      {all.length > 0 ? (
        <nav aria-label="Body types" className="mt-6 flex flex-wrap gap-2">
          <Link to="/models" aria-current={!body ? 'page' : undefined} className={cn(chip, !body ? 'border-primary bg-primary text-primary-foreground' : 'hover:bg-muted')}>
            All
          </Link>
          {bodies(all).map((b) => (
            <Link
              key={b.value}
              to={`/models?body=${encodeURIComponent(b.value)}`}
              aria-current={b.value === body ? 'page' : undefined}
              className={cn(chip, b.value === body ? 'border-primary bg-primary text-primary-foreground' : 'hover:bg-muted')}
            >
              {b.label}
            </Link>
          ))}
        </nav>
      ) : null}
      <div className="mt-8">
        {isError ? (
          <p role="alert">The models could not be loaded. Please try again shortly.</p>
        ) : !isPending && list.length === 0 ? (
          <p>
            No models match that body type. <Link to="/models" className="font-medium text-primary underline underline-offset-2">See every model</Link>.
          </p>
        ) : (
          <ModelGrid models={list} loading={isPending} />
        )}
      </div>
      {list.length > 0 ? <p className="mt-8 text-xs text-muted-foreground">{driveAwayNote}</p> : null}
    </section>
  )
}
