import { Check, Link2, Minus, Trash2 } from 'lucide-react'
import { Fragment, useMemo, useRef, useState, useEffect } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { imageSrcSet, imageUrl } from '@/lib/car-format'
import type { Hit } from '@/components/car-card'
import { useSite } from '@/lib/site'
import { removeSavedCar, useSavedCars } from '@/lib/saved-cars'
import { cn } from '@/lib/utils'
import { useCompareCars } from '../api/get-compare-cars'
import { compareColumns, compareHref, compareRows, parseCompareIds, rowDiffers, carName, tickRows, type CompareColumn, type CompareRow } from '../lib/compare'

// ComparePage shows the cars of /compare?ids=… side by side (a shared link
// shows the same cars in any browser), or the visitor's own compare list
// when the URL names none.
export function ComparePage() {
  const site = useSite()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const local = useSavedCars('compare')
  const fromUrl = parseCompareIds(params.get('ids'))
  const ids = fromUrl.length > 0 ? fromUrl : local.map((c) => c.id)
  const names = useMemo(() => new Map(local.map((c) => [c.id, c.name])), [local])
  const query = useCompareCars(ids)
  const [onlyDifferences, setOnlyDifferences] = useState(false)
  const searchPath = site.search.default_path || '/search/new-used-and-demo-cars/'

  const remove = (id: number) => {
    removeSavedCar('compare', id)
    if (fromUrl.length > 0) navigate(compareHref(fromUrl.filter((x) => x !== id)), { replace: true })
  }

  return (
    <section className="mx-auto max-w-7xl px-4 py-8" aria-labelledby="compare-heading">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="compare-heading" className="text-3xl font-bold">
            Compare Cars
          </h1>
          {ids.length > 0 ? (
            <p className="mt-1 text-muted-foreground">
              {ids.length === 1 ? '1 car' : `${ids.length} cars`} side by side. Rows whose values differ are highlighted.
            </p>
          ) : null}
        </div>
        {ids.length > 0 ? (
          <div className="flex flex-wrap items-center gap-3">
            <label className="flex items-center gap-2 text-sm font-medium">
              <input
                type="checkbox"
                className="size-4 rounded accent-[var(--primary)] ring-1 ring-input focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                checked={onlyDifferences}
                onChange={(e) => setOnlyDifferences(e.target.checked)}
              />
              Show only differences
            </label>
            <CopyLink ids={ids} />
          </div>
        ) : null}
      </div>

      {ids.length === 0 ? (
        <div className="mt-8 rounded-lg border bg-muted/40 p-8 text-center">
          <h2 className="text-xl font-semibold">No cars to compare yet</h2>
          <p className="mt-2 text-muted-foreground">Add up to 4 cars with the compare button on a car, then come back here to see them side by side.</p>
          <Button asChild className="mt-4">
            <Link to={searchPath}>Browse cars</Link>
          </Button>
        </div>
      ) : query.isPending ? (
        <p role="status" className="mt-8 text-muted-foreground">
          Loading the cars…
        </p>
      ) : query.isError ? (
        <div role="alert" className="mt-8 rounded-lg border border-destructive/40 p-6">
          <p className="font-medium">The cars could not be loaded. Please try again.</p>
          <Button variant="outline" className="mt-3" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <CompareTable columns={compareColumns(ids, query.data.cars, names)} onlyDifferences={onlyDifferences} onRemove={remove} />
      )}
    </section>
  )
}

function CopyLink({ ids }: { ids: readonly number[] }) {
  const [copied, setCopied] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const copy = async () => {
    const url = window.location.origin + compareHref(ids)
    try {
      await navigator.clipboard.writeText(url)
    } catch {
      // Without clipboard access the address bar carries the same link.
      window.history.replaceState(window.history.state, '', compareHref(ids))
    }
    setCopied(true)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setCopied(false), 1500)
  }
  return (
    <Button variant="outline" size="sm" onClick={() => void copy()}>
      {copied ? <Check aria-hidden /> : <Link2 aria-hidden />}
      <span aria-live="polite">{copied ? 'Link copied' : 'Copy link'}</span>
    </Button>
  )
}

// On a phone two cars fill the width beside the row names (the page's
// padding, the names' 7rem in smaller type and the frame's border aside),
// so a buyer sees whole cars side by side and swipes to the next two;
// wider screens give each car 14rem.
const cellWidth = 'w-[calc((100vw_-_9rem_-_2px)/2)] min-w-[calc((100vw_-_9rem_-_2px)/2)] p-2 sm:w-[14rem] sm:min-w-[13rem] sm:p-3'
const stickyHead = 'sticky left-0 z-10 w-28 min-w-28 max-w-28 break-words p-2 text-xs bg-background text-left align-top sm:w-40 sm:min-w-40 sm:max-w-40 sm:p-3 sm:text-sm'

const motoringRows = new Set(['km', 'transmission', 'fuel', 'engine'])

function CompareTable({
  columns,
  onlyDifferences,
  onRemove,
}: {
  columns: CompareColumn[]
  onlyDifferences: boolean
  onRemove: (id: number) => void
}) {
  const shown = columns.flatMap((c) => (c.kind === 'car' ? [c.car] : []))
  // A list row (features) becomes a heading row and one tick row per item.
  // Caravans alone have no odometer, gearbox, fuel or engine to compare.
  const towedOnly = shown.length > 0 && shown.every((c) => c.item_type === 'caravan')
  const rows = towedOnly ? compareRows.filter((row) => !motoringRows.has(row.key)) : compareRows
  const groups = rows.map((row) => ({
    heading: row.list ? row.label : null,
    rows: tickRows(row, shown)
      .map((r) => ({ row: r, differs: rowDiffers(r, shown) }))
      .filter((r) => !onlyDifferences || r.differs),
  }))
  const visible = groups.flatMap((g) => g.rows)
  return (
    <div className="mt-6 overflow-x-auto rounded-lg border" role="region" aria-label="Comparison table" tabIndex={0}>
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">
          {columns.length} cars compared{shown.length > 1 ? '; rows marked Differs have different values' : ''}
        </caption>
        <thead>
          <tr className="border-b">
            <td className={stickyHead} />
            {columns.map((col) => (
              <th key={col.id} scope="col" className={cn(cellWidth, 'text-left align-top font-normal')}>
                <ColumnHead column={col} onRemove={onRemove} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {groups.map((group, i) => (
            <Fragment key={group.heading ?? i}>
              {group.heading && group.rows.length > 0 ? (
                <tr className="border-b bg-muted/60">
                  <th scope="rowgroup" colSpan={columns.length + 1} className="sticky left-0 p-3 text-left font-semibold">
                    {group.heading}
                  </th>
                </tr>
              ) : null}
              {group.rows.map(({ row, differs }) => (
                <CompareTableRow key={row.key} row={row} differs={differs} columns={columns} />
              ))}
            </Fragment>
          ))}
          {visible.length === 0 ? (
            <tr>
              <td colSpan={columns.length + 1} className="p-4 text-muted-foreground">
                These cars have the same values in every row.
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  )
}

function CompareTableRow({ row, differs, columns }: { row: CompareRow; differs: boolean; columns: CompareColumn[] }) {
  return (
    <tr data-differs={differs || undefined} className={cn('border-b last:border-b-0', differs && 'bg-accent text-accent-foreground')}>
      <th scope="row" className={cn(stickyHead, row.tick ? 'font-medium' : 'font-semibold', differs && 'bg-accent')}>
        {row.label}
        {differs ? <span className="mt-1 block w-fit rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground">Differs</span> : null}
      </th>
      {columns.map((col) => (
        <td key={col.id} className={cn(cellWidth, 'align-top')}>
          {col.kind === 'car' ? (
            row.tick ? (
              <Tick yes={row.tick(col.car)} />
            ) : (
              row.value(col.car)
            )
          ) : (
            <span className="text-muted-foreground">
              <span aria-hidden>—</span>
              <span className="sr-only">No longer available</span>
            </span>
          )}
        </td>
      ))}
    </tr>
  )
}

function Tick({ yes }: { yes: boolean }) {
  return yes ? (
    <span data-tick="yes">
      <Check aria-hidden className="size-5 text-success" />
      <span className="sr-only">Yes</span>
    </span>
  ) : (
    <span data-tick="no" className="text-muted-foreground">
      <Minus aria-hidden className="size-5" />
      <span className="sr-only">No</span>
    </span>
  )
}

function ColumnHead({ column, onRemove }: { column: CompareColumn; onRemove: (id: number) => void }) {
  const name = column.kind === 'car' ? carName(column.car) : column.name
  const removeLabel = name ? `Remove ${name} from compare` : 'Remove this car from compare'
  return (
    <div className="flex flex-col gap-2">
      {column.kind === 'car' ? <Photo car={column.car} name={name} /> : <div className="flex aspect-[3/2] items-center justify-center rounded-md bg-muted p-3 text-center text-sm font-semibold">No longer available</div>}
      {column.kind === 'car' ? (
        <Link to={`/cars/${column.car.slug}`} className="font-semibold text-foreground underline-offset-4 hover:underline">
          {name}
        </Link>
      ) : (
        <p className="font-semibold">
          {name || 'A car you added'}
          <span className="block text-sm font-normal text-muted-foreground">This car is no longer available.</span>
        </p>
      )}
      <Button variant="ghost" size="sm" className="w-fit px-2" onClick={() => onRemove(column.id)} aria-label={removeLabel}>
        <Trash2 aria-hidden />
        Remove
      </Button>
    </div>
  )
}

function Photo({ car, name }: { car: Hit; name: string }) {
  const [failed, setFailed] = useState(false)
  if (!car.primary_image_url || failed) {
    return <div className="flex aspect-[3/2] items-center justify-center rounded-md bg-muted text-sm text-muted-foreground">Photos coming soon</div>
  }
  return (
    <img
      src={imageUrl(car.primary_image_url, 400)}
      srcSet={imageSrcSet(car.primary_image_url)}
      sizes="(min-width: 1024px) 25vw, 50vw"
      alt={name}
      width={400}
      height={267}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className="aspect-[3/2] w-full rounded-md object-cover"
    />
  )
}
