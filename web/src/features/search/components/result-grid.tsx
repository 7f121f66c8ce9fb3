import { useMemo } from 'react'
import type { ComponentType, ReactNode } from 'react'
import { Link } from 'react-router'
import { cn } from '@/lib/utils'
import type { SearchPromoCard, SearchResponse } from '../api/get-search'

export type Hit = SearchResponse['hits'][number]

// The card components come from the app, which composes features.
export type CardComponents = {
  Card: ComponentType<{ hit: Hit; priority: boolean }>
  Skeleton: ComponentType
}

// Tailwind sees whole class names only, so each column count is spelled out.
const columns: Record<number, string> = {
  3: 'lg:grid-cols-2 xl:grid-cols-3',
  4: 'lg:grid-cols-3 xl:grid-cols-4',
}

export function gridClass(cardsPerRow: number): string {
  return cn('grid grid-cols-1 gap-4 md:grid-cols-2', columns[cardsPerRow] ?? columns[3])
}

type Tile = { kind: 'hit'; hit: Hit } | { kind: 'promo'; promo: SearchPromoCard }

// withPromos inserts promo cards at their positions: position p is grid
// place p (index p-1) of the current page, promos taken in position order.
// A card with a random_offset moves up to that many places later, drawn by
// `draw` (a whole number from 0 to its argument).
export function withPromos(
  hits: readonly Hit[],
  promos: readonly SearchPromoCard[] | null | undefined,
  draw: (max: number) => number = () => 0,
): Tile[] {
  const tiles: Tile[] = hits.map((hit) => ({ kind: 'hit', hit }))
  const placed = (promos ?? []).map((promo) => ({ ...promo, position: promo.position + (promo.random_offset > 0 ? draw(promo.random_offset) : 0) }))
  for (const promo of placed.sort((a, b) => a.position - b.position)) {
    const at = promo.position - 1
    if (at >= 0 && at <= tiles.length) tiles.splice(at, 0, { kind: 'promo', promo })
  }
  return tiles
}

type Props = {
  hits: readonly Hit[]
  promos: readonly SearchPromoCard[] | null | undefined
  cardsPerRow: number
  cards: CardComponents
  busy: boolean
}

export function ResultGrid({ hits, promos, cardsPerRow, cards: { Card }, busy }: Props) {
  // A fresh draw of the configured random offsets each time a page shows.
  const tiles = useMemo(() => withPromos(hits, promos, (max) => Math.floor(Math.random() * (max + 1))), [hits, promos])
  let cardIndex = 0
  return (
    <ul
      aria-label="Search results"
      aria-busy={busy}
      className={cn(gridClass(cardsPerRow), 'transition-opacity motion-reduce:transition-none', busy && 'opacity-60')}
    >
      {tiles.map((t) => {
        if (t.kind === 'promo') {
          return (
            <li key={`promo-${t.promo.position}-${t.promo.href}`} className="flex min-w-0">
              <PromoTile promo={t.promo} />
            </li>
          )
        }
        const i = cardIndex++
        return (
          <li key={t.hit.id} className="flex min-w-0 [&>*]:flex-1">
            <Card hit={t.hit} priority={i < 2} />
          </li>
        )
      })}
    </ul>
  )
}

export function SkeletonGrid({ count, cardsPerRow, cards: { Skeleton } }: { count: number; cardsPerRow: number; cards: CardComponents }) {
  return (
    <div role="status" aria-label="Loading cars" className={gridClass(cardsPerRow)}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} />
      ))}
    </div>
  )
}

function PromoLink({ href, className, children }: { href: string; className: string; children: ReactNode }) {
  if (href.startsWith('/') && !href.startsWith('//')) {
    return (
      <Link to={href} className={className}>
        {children}
      </Link>
    )
  }
  return (
    <a href={href} className={className}>
      {children}
    </a>
  )
}

function PromoTile({ promo }: { promo: SearchPromoCard }) {
  return (
    <PromoLink
      href={promo.href}
      className="group flex flex-1 flex-col overflow-hidden rounded-lg border bg-secondary text-secondary-foreground shadow-sm hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {promo.image && (
        <img src={promo.image} alt="" width={600} height={400} loading="lazy" decoding="async" className="aspect-[3/2] w-full object-cover" />
      )}
      <span className="flex flex-1 flex-col gap-2 p-4">
        <span className="text-lg font-semibold" data-testid="promo-title">
          {promo.title}
        </span>
        {promo.text && <span className="text-sm opacity-90">{promo.text}</span>}
      </span>
    </PromoLink>
  )
}
