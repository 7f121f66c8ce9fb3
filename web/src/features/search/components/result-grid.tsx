import { useAfterTakeover } from '@/lib/use-hydrated'
import { memo, useEffect, useMemo, useRef, useState } from 'react'
import { Part } from '@/lib/hydration-part'
import type { ComponentType, ReactNode } from 'react'
import { Link } from 'react-router'
import { cn } from '@/lib/utils'
import type { SearchPromoCard, SearchResponse } from '../api/get-search'
import { sizedImage, sizedSrcSet } from '@/lib/image'

export type Hit = SearchResponse['hits'][number]

// The card components come from the app, which composes features.
export type CardComponents = {
  // aligned: the card shares its grid row's tracks (subgrid) so its lines
  // line up with its neighbours'; it spans cardRows rows.
  Card: ComponentType<{ hit: Hit; priority: boolean; aligned?: boolean }>
  cardRows?: number
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

// A tile spans the card's rows and hands them on to the card (subgrid);
// Tailwind sees whole class names only.
const rowSpans: Record<number, string> = { 7: 'row-span-7 grid grid-cols-1 grid-rows-subgrid gap-y-0' }
const rowSpanOnly: Record<number, string> = { 7: 'row-span-7' }

type Tile = { kind: 'hit'; hit: Hit } | { kind: 'promo'; promo: SearchPromoCard }

// withPromos inserts promo cards at their positions: position p is grid
// place p (index p-1) of the current page, promos taken in position order.
// A card with a random_offset moves up to that many places later, drawn by
// `draw` (a whole number from 0 to max for that promo).
export function withPromos(
  hits: readonly Hit[],
  promos: readonly SearchPromoCard[] | null | undefined,
  draw: (promo: SearchPromoCard, max: number) => number = () => 0,
): Tile[] {
  const tiles: Tile[] = hits.map((hit) => ({ kind: 'hit', hit }))
  const placed = (promos ?? []).map((promo) => ({ ...promo, position: promo.position + (promo.random_offset > 0 ? draw(promo, promo.random_offset) : 0) }))
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

// promoOffsets keeps each promo's random offset for the visit
// (docs/behaviour/constants.md#promo-card: a random 0–2 offset where a site
// configures it): drawn the
// first time the promo shows, then the same on every listing and page, so a
// tile does not wander between listings. Without storage it is drawn once
// per load.
const promoOffsets = new Map<string, number>()

const promoKey = (promo: SearchPromoCard) => `promo-offset:${promo.position}:${promo.href}:${promo.title}`

// visitOffset gives the promo's offset for this visit; `first`, when given,
// is taken instead of a random draw the first time (the place a promo was
// already shown at).
export function visitOffset(promo: SearchPromoCard, max: number, first?: number): number {
  const key = promoKey(promo)
  let n = promoOffsets.get(key)
  if (n === undefined) {
    try {
      const kept = Number.parseInt(sessionStorage.getItem(key) ?? '', 10)
      if (Number.isInteger(kept) && kept >= 0 && kept <= max) n = kept
    } catch {
      // storage off: keep it in memory only
    }
  }
  if (n === undefined || n > max) {
    n = first !== undefined && first >= 0 && first <= max ? first : Math.floor(Math.random() * (max + 1))
    try {
      sessionStorage.setItem(key, String(n))
    } catch {
      // storage off: keep it in memory only
    }
  }
  promoOffsets.set(key, n)
  return n
}

// The cards a page drawn on the server carries: the first screen's, on
// any width. The rest follow once the browser has taken the page over.
export const firstScreenCards = 6
const revealStep = 3

// firstScreenTiles are the tiles a page drawn on the server shows, each promo
// at its own place (the server keeps no visit).
function firstScreenTiles(hits: readonly Hit[], promos: readonly SearchPromoCard[] | null | undefined): Tile[] {
  return withPromos(hits.slice(0, firstScreenCards), promos).slice(0, firstScreenCards)
}

// promosOf names the promos among tiles.
function promosOf(tiles: readonly Tile[]): Set<string> {
  return new Set(tiles.flatMap((t) => (t.kind === 'promo' ? [promoKey(t.promo)] : [])))
}

export function ResultGrid({ hits, promos, cardsPerRow, cards: { Card, cardRows }, busy }: Props) {
  const span = rowSpans[cardRows ?? 0] ?? ''
  const hydrated = useAfterTakeover()
  // A promo the server drew on the first screen (at its own place: the
  // server keeps no visit) stays at that place for the visit, rather than
  // moving as the browser takes the page over.
  const [drawnFirst] = useState(() => (hydrated ? null : promosOf(firstScreenTiles(hits, promos))))
  const tiles = useMemo(
    () =>
      hydrated
        ? withPromos(hits, promos, (promo, max) => visitOffset(promo, max, drawnFirst?.has(promoKey(promo)) ? 0 : undefined))
        : firstScreenTiles(hits, promos),
    [hits, promos, hydrated, drawnFirst],
  )
  // After a takeover the rest of the results follow once the visitor nears
  // the end of the first screen's cards (docs/behaviour/screens.md#results-reveal):
  // on a wide screen at once, on a phone when they scroll (or tab) towards
  // them, so the page's load never lays out cards nobody has seen. They
  // follow a few at a time, each batch in its own task, so drawing them
  // never holds a phone's main thread for long.
  const [limit, setLimit] = useState(drawnFirst ? firstScreenCards : Number.POSITIVE_INFINITY)
  const [near, setNear] = useState(!drawnFirst)
  const list = useRef<HTMLUListElement>(null)
  useEffect(() => {
    if (!hydrated || near) return
    const last = list.current?.lastElementChild
    if (!last || typeof IntersectionObserver === 'undefined') {
      setNear(true)
      return
    }
    // Within a screen's height below the viewport counts as near.
    const watch = new IntersectionObserver((seen) => seen.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '0px 0px 100% 0px' })
    watch.observe(last)
    return () => watch.disconnect()
  }, [hydrated, near])
  useEffect(() => {
    if (!hydrated || !near || limit >= tiles.length) return
    const t = window.setTimeout(() => setLimit((n) => n + revealStep), 0)
    return () => window.clearTimeout(t)
  }, [hydrated, near, limit, tiles.length])
  let cardIndex = 0
  return (
    <ul
      ref={list}
      aria-label="Search results"
      aria-busy={busy}
      className={cn(gridClass(cardsPerRow), 'transition-opacity motion-reduce:transition-none', busy && 'opacity-60')}
    >
      {tiles.slice(0, limit).map((t) => {
        if (t.kind === 'promo') {
          return (
            <li key={`promo-${t.promo.position}-${t.promo.href}`} className={cn('flex min-w-0', rowSpanOnly[cardRows ?? 0])}>
              <PromoTile promo={t.promo} />
            </li>
          )
        }
        const i = cardIndex++
        // Each card the server drew is hydrated on its own (a Suspense
        // boundary), so React can yield between cards.
        return (
          <Part key={t.hit.id}>
            <CardTile Card={Card} hit={t.hit} priority={i < 2} span={span} />
          </Part>
        )
      })}
    </ul>
  )
}

// CardTile is one card's cell. It is drawn again only when its car changes:
// the grid re-renders as the browser takes the page over (more cards, the
// visit's promos), and redrawing every card then would hold a phone's main
// thread for nothing.
const CardTile = memo(function CardTile({ Card, hit, priority, span }: { Card: CardComponents['Card']; hit: Hit; priority: boolean; span: string }) {
  return (
    <li className={cn('flex min-w-0 [&>*]:flex-1', span)}>
      <Card hit={hit} priority={priority} aligned={span !== ''} />
    </li>
  )
})

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
        // The tile crops a wide banner (8:3) to 3:2, so the picture is drawn
        // about 1.8 times the tile's width.
        <img
          src={sizedImage(promo.image, 800)}
          srcSet={sizedSrcSet(promo.image, [600, 800, 1200, 1600])}
          sizes="(min-width: 1280px) 720px, (min-width: 768px) 90vw, 180vw"
          alt=""
          width={600}
          height={400}
          loading="lazy"
          decoding="async"
          className="aspect-[3/2] w-full object-cover"
        />
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
