import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Link } from 'react-router'
import { cn } from '@/lib/utils'

// pageList is the pages to link: the first, the last and two either side of
// the current one, with null where pages are skipped.
export function pageList(page: number, pages: number): (number | null)[] {
  const out: (number | null)[] = []
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - page) <= 2) out.push(p)
    else if (out.at(-1) !== null) out.push(null)
  }
  return out
}

const item = 'inline-flex h-10 min-w-10 items-center justify-center rounded-md border px-3 text-sm font-medium hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring'

// Pagination links are real links to each page's URL, so crawlers follow them.
export function Pagination({ page, pages, hrefFor }: { page: number; pages: number; hrefFor: (page: number) => string }) {
  if (pages <= 1) return null
  return (
    <nav aria-label="Pagination" className="mt-8 flex justify-center">
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} className={item} rel="prev" aria-label="Previous page">
              <ChevronLeft aria-hidden className="size-4" />
            </Link>
          ) : (
            <span className={cn(item, 'pointer-events-none opacity-40')} aria-hidden>
              <ChevronLeft className="size-4" />
            </span>
          )}
        </li>
        {pageList(page, pages).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden className="px-1 text-muted-foreground">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                to={hrefFor(p)}
                aria-label={`Page ${p}`}
                aria-current={p === page ? 'page' : undefined}
                className={cn(item, p === page && 'border-primary bg-primary text-primary-foreground hover:ring-text')}
              >
                {p}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pages ? (
            <Link to={hrefFor(page + 1)} className={item} rel="next" aria-label="Next page">
              <ChevronRight aria-hidden className="size-4" />
            </Link>
          ) : (
            <span className={cn(item, 'pointer-events-none opacity-40')} aria-hidden>
              <ChevronRight className="size-4" />
            </span>
          )}
        </li>
      </ul>
    </nav>
  )
}
