import { CarFront, Cog, Gauge, GitCompare, Heart, MapPin, Camera } from 'lucide-react'
import { useMemo, useState } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { useSite } from '@/lib/site'
import { cn } from '@/lib/utils'
import type { Hit, PriceDisplay, Tag } from '../types'
import { formatDollars, formatKm, imageSrcSet, imageUrl } from '../lib/format'
import { useSavedCar, type SavedCar, type SavedList } from '../lib/saved-cars'

type Props = {
  hit: Hit
  // The first cards of a page load at once with high priority (SPEC.md
  // section 9: the first 2 images load with priority); the rest lazily.
  priority?: boolean
  className?: string
}

// Card images are 3:2 (600x400, SPEC.md section 7); sizes follow the grid:
// one column on phones, two on tablets, three or four on wide screens.
const imageSizes = '(min-width: 1280px) 400px, (min-width: 768px) 50vw, 100vw'

// SPEC.md section 4 and 8: a weekly repayment of 25 or less is not shown.
export const minWeeklyPayment = 25

export function carTitle(hit: Pick<Hit, 'year' | 'make' | 'model'>): string {
  return [hit.year || '', hit.make, hit.model].filter(Boolean).join(' ')
}

export function CarCard({ hit, priority = false, className }: Props) {
  const site = useSite()
  const title = carTitle(hit)
  const href = `/cars/${hit.slug}`
  const badgeLine = [hit.badge, site.features.series_display ? hit.series : ''].filter(Boolean).join(' ')
  const sold = !hit.available
  const saved: SavedCar = useMemo(
    () => ({
      id: hit.id,
      name: hit.name || title,
      slug: hit.slug,
      make: hit.make,
      model: hit.model,
      primary_image_url: hit.primary_image_url,
    }),
    [hit.id, hit.name, hit.slug, hit.make, hit.model, hit.primary_image_url, title],
  )
  // SPEC.md section 8, Image fallback: an image that fails to load gives
  // way to the 'request photos' tile too.
  const [failedSrc, setFailedSrc] = useState('')
  const showImage = hit.primary_image_url !== '' && failedSrc !== hit.primary_image_url
  const transmission = hit.simple_transmission || hit.trans
  const body = hit.simple_body || hit.body

  return (
    <article
      aria-label={title}
      className={cn(
        // The card sizes its own contents by its width (a container), so
        // three or four to a row, or one on a phone, all read cleanly.
        '@container group relative flex min-w-0 flex-col overflow-hidden rounded-lg border bg-background shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md',
        className,
      )}
    >
      <div className="relative aspect-[3/2] bg-muted">
        {showImage ? (
          <img
            src={imageUrl(hit.primary_image_url, 600)}
            srcSet={imageSrcSet(hit.primary_image_url)}
            sizes={imageSizes}
            width={600}
            height={400}
            alt={title}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
            onError={() => setFailedSrc(hit.primary_image_url)}
            className={cn('size-full object-cover', sold && 'opacity-60')}
          />
        ) : (
          // SPEC.md section 8, Image fallback: the 'request photos' tile.
          <div className="flex size-full flex-col items-center justify-center gap-2 text-muted-foreground" data-testid="photos-placeholder">
            <Camera aria-hidden className="size-8" />
            <span className="text-sm font-medium">Photos coming soon</span>
          </div>
        )}
        {hit.tag && <TagPill tag={hit.tag} className="absolute left-2 top-2" />}
        {sold && (
          <div className="absolute inset-0 flex items-center justify-center">
            <span className="rounded bg-foreground/80 px-4 py-1 text-lg font-bold tracking-widest text-background">SOLD</span>
          </div>
        )}
        {hit.location_name && (
          <p className="absolute bottom-2 left-2 flex max-w-[calc(100%-1rem)] items-center gap-1 truncate rounded bg-foreground/75 px-2 py-0.5 text-xs text-background">
            <MapPin aria-hidden className="size-3 shrink-0" />
            <span className="truncate">{hit.location_name}</span>
          </p>
        )}
        <div className="absolute right-2 top-2 z-10 flex gap-1">
          {site.features.favourites && <SaveToggle list="favourites" car={saved} title={title} hideUnlessSaved={sold} />}
          {site.features.compare && !sold && <SaveToggle list="compare" car={saved} title={title} />}
        </div>
      </div>

      <div className="flex flex-1 flex-col gap-2 p-3 @[18rem]:p-4">
        <h3 className="text-[0.9375rem] font-semibold leading-tight text-balance break-words @[18rem]:text-base">
          {/* The title link stretches over the whole card, so the card is one
              link while its buttons stay separate controls above it. */}
          <Link to={href} className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none">
            {title}
          </Link>
        </h3>
        {badgeLine && <p className="-mt-1 truncate text-sm text-muted-foreground">{badgeLine}</p>}

        <PriceBlock price={hit.price_display} />
        {site.features.weekly_finance_chip && !sold && <FinanceChip weekly={hit.weekly_payment} />}

        {/* Each fact keeps its icon and words on one line; on a narrow card
            a fact that does not fit moves whole to the next line. */}
        <ul className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1.5 border-t pt-3 text-xs text-muted-foreground @[20rem]:justify-between @[20rem]:gap-x-4">
          <li className="flex min-w-0 max-w-full items-center gap-1 whitespace-nowrap">
            <Gauge aria-hidden className="size-4 shrink-0" />
            <span className="sr-only">Kilometres: </span>
            <span className="truncate">{formatKm(hit.km)}</span>
          </li>
          {transmission && (
            <li className="flex min-w-0 max-w-full items-center gap-1 whitespace-nowrap">
              <Cog aria-hidden className="size-4 shrink-0" />
              <span className="sr-only">Transmission: </span>
              <span className="truncate">{transmission}</span>
            </li>
          )}
          {body && (
            <li className="flex min-w-0 max-w-full items-center gap-1 whitespace-nowrap">
              <CarFront aria-hidden className="size-4 shrink-0" />
              <span className="sr-only">Body: </span>
              <span className="truncate">{body}</span>
            </li>
          )}
        </ul>

        {sold && (
          <Button asChild variant="secondary" className="relative z-10 mt-2 w-full">
            <Link to={`${href}#find-similar`}>Find Me Something Similar</Link>
          </Button>
        )}
      </div>
    </article>
  )
}

// Tones map to theme variables with fallbacks, so a site's stylesheet can
// restyle tags like every other colour.
const toneClass: Record<Tag['tone'], string> = {
  green: 'bg-[var(--success,#15803d)] text-[var(--success-foreground,#ffffff)]',
  red: 'bg-destructive text-destructive-foreground',
  grey: 'bg-muted-foreground text-background',
}

export function TagPill({ tag, className }: { tag: Tag; className?: string }) {
  return (
    <span
      data-tone={tag.tone}
      className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wide', toneClass[tag.tone], className)}
    >
      {tag.label}
    </span>
  )
}

export function PriceBlock({ price }: { price: PriceDisplay }) {
  const isNumber = price.kind === 'price' || price.kind === 'reduced' || price.kind === 'subscription'
  return (
    <div className="flex flex-wrap items-baseline gap-x-2" data-price-kind={price.kind}>
      <p className={cn('font-bold whitespace-nowrap', isNumber ? 'text-lg text-foreground @[18rem]:text-xl' : 'text-base text-primary')}>
        {price.text}
        {price.suffix && <span className="ml-0.5 text-sm font-medium text-muted-foreground">{price.suffix}</span>}
      </p>
      {price.was && (
        <p className="whitespace-nowrap text-sm text-muted-foreground">
          <span className="sr-only">Was </span>
          <s>{price.was}</s>
        </p>
      )}
    </div>
  )
}

export function FinanceChip({ weekly }: { weekly: number | null }) {
  if (weekly === null || weekly === undefined) return null
  if (weekly <= minWeeklyPayment) {
    return <p className="w-fit rounded-full bg-muted px-3 py-1 text-xs font-semibold text-foreground">Enquire for Finance</p>
  }
  return (
    <p className="w-fit rounded-full bg-primary px-3 py-1 text-xs font-semibold text-primary-foreground">
      Only {formatDollars(Math.ceil(weekly))} /wk*
    </p>
  )
}

const listWords: Record<SavedList, { label: string; Icon: typeof Heart }> = {
  favourites: { label: 'Save to favourites', Icon: Heart },
  compare: { label: 'Add to compare', Icon: GitCompare },
}

function SaveToggle({ list, car, title, hideUnlessSaved = false }: { list: SavedList; car: SavedCar; title: string; hideUnlessSaved?: boolean }) {
  const { saved, toggle } = useSavedCar(list, car)
  // SPEC.md section 4: a sold car shows no save button unless already saved.
  if (hideUnlessSaved && !saved) return null
  const { label, Icon } = listWords[list]
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={`${label}: ${title}`}
      onClick={toggle}
      className={cn(
        'relative inline-flex size-9 items-center justify-center rounded-full border bg-background/90 text-foreground shadow-sm transition-colors hover:bg-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        saved && 'border-primary bg-primary text-primary-foreground hover:bg-primary/90',
      )}
    >
      <Icon aria-hidden className={cn('size-4', saved && list === 'favourites' && 'fill-current')} />
    </button>
  )
}
