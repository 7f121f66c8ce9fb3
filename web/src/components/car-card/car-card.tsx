import { BedDouble, CarFront, Cog, Gauge, GitCompare, Heart, MapPin, Camera, Ruler } from 'lucide-react'
import { useMemo, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { CertifiedLogo } from '@/components/certified-logo'
import { Button } from '@/components/ui/button'
import { IconTip } from '@/components/ui/icon-tip'
import { useFavouriteToast } from '@/lib/favourites'
import { useSite } from '@/lib/site'
import { cn } from '@/lib/utils'
import type { Card, PriceDisplay, Tag } from '@/lib/card-types'
import { formatDollars, formatKm, imageSrcSet, imageUrl } from '@/lib/car-format'
import { saveControlsAllowed, savedPriceText, useSavedCar, type SavedCar, type SavedList } from '@/lib/saved-cars'

type Props = {
  hit: Card
  // The first cards of a page load at once with high priority
  // (docs/behaviour/constants.md#thumbnails: the first 2 images load with
  // priority); the rest lazily.
  priority?: boolean
  className?: string
  // aligned: the card sits in a results grid row (docs/behaviour/screens.md, Search
  // results) and shares that row's tracks, so each line (title, badge,
  // price, chip, facts, action) starts at the same height on every card of
  // the row, whichever optional lines a card has.
  aligned?: boolean
  // More buttons beside favourite and compare (e.g. the watchlist's), which
  // the app supplies from other features.
  extra?: ReactNode
}

// The rows of an aligned card (image, then the body's six lines); a missing
// optional line leaves its row empty instead of pulling the next one up.
export const cardRows = 7

// Card images are 3:2 (600x400, docs/behaviour/calls.md); sizes follow the grid:
// one column on phones, two on tablets, three or four on wide screens.
const imageSizes = '(min-width: 1280px) 400px, (min-width: 768px) 50vw, 100vw'

// docs/behaviour/states.md and docs/behaviour/errors.md: a weekly repayment of 25 or less is not shown.
export const minWeeklyPayment = 25

// distanceAway words a car's distance from the buyer's postcode.
const distanceAway = (km: number) => (km < 1 ? 'Under 1 km away' : `${km.toLocaleString('en-AU')} km away`)

export function carTitle(hit: Pick<Card, 'year' | 'make' | 'model'>): string {
  return [hit.year || '', hit.make, hit.model].filter(Boolean).join(' ')
}

export function CarCard({ hit, priority = false, className, aligned = false, extra }: Props) {
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
      price_text: savedPriceText(hit.price_display),
    }),
    [hit.id, hit.name, hit.slug, hit.make, hit.model, hit.primary_image_url, hit.price_display, title],
  )
  // docs/behaviour/errors.md, Image fallback: an image that fails to load gives
  // way to the 'request photos' tile too.
  const [failedSrc, setFailedSrc] = useState('')
  const showImage = hit.primary_image_url !== '' && failedSrc !== hit.primary_image_url
  const transmission = hit.simple_transmission || hit.trans
  const body = hit.simple_body || hit.body
  // A caravan has no odometer: its card gives its length and berths instead.
  const caravan = hit.item_type === 'caravan' ? hit.specifications : undefined
  const canSave = saveControlsAllowed(hit, site)

  return (
    <article
      aria-label={title}
      className={cn(
        // The card sizes its own contents by its width (a container), so
        // three or four to a row, or one on a phone, all read cleanly.
        'group relative flex min-w-0 flex-col overflow-hidden rounded-lg border bg-background shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md',
        // A size container cannot hand on its parent's rows, so an aligned
        // card's lines each query their own width instead (see Line).
        aligned ? 'row-span-7 grid grid-cols-1 grid-rows-subgrid gap-y-0' : '@container',
        className,
      )}
    >
      <div className="@container/image relative row-start-1 aspect-[3/2] bg-muted">
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
          // docs/behaviour/errors.md, Image fallback: the 'request photos' tile.
          <div className="flex size-full flex-col items-center justify-center gap-2 text-muted-foreground" data-testid="photos-placeholder">
            <Camera aria-hidden className="size-8" />
            <span className="text-sm font-medium">Photos coming soon</span>
          </div>
        )}
        {sold && (
          <div className="absolute inset-0 flex items-center justify-center">
            <span className="rounded bg-foreground/80 px-4 py-1 text-lg font-bold tracking-widest text-background">SOLD</span>
          </div>
        )}
        {hit.location_name && (
          <p className="absolute bottom-2 left-2 flex max-w-[calc(100%-3.5rem)] items-center @[17rem]/image:max-w-[calc(100%-1rem)] gap-1 truncate rounded bg-foreground/75 px-2 py-0.5 text-xs text-background">
            <MapPin aria-hidden className="size-3 shrink-0" />
            {/* docs/behaviour/http.md#distance: how far the car is from the
                buyer's postcode, on a line of its own so a narrow card
                keeps both it and the yard's name readable. */}
            {hit.distance_km != null ? (
              <span className="flex min-w-0 flex-col">
                <span className="font-semibold">{distanceAway(hit.distance_km)}</span>
                <span className="truncate"><span className="sr-only">, at </span>{hit.location_name}</span>
              </span>
            ) : (
              <span className="truncate">{hit.location_name}</span>
            )}
          </p>
        )}
        {/* The tags and the save buttons share one bar across the image's
            top: the tags take what the buttons leave and wrap between words
            within it, so no button covers a tag. On a narrow card (four to
            a row) the buttons stack down the right edge, leaving a tag room
            for its longest word ('CLEARANCE'), and the location chip stops
            short of them. */}
        <div className="pointer-events-none absolute inset-x-2 top-2 flex items-start justify-between gap-2" data-testid="card-top">
          <div className="flex min-w-0 flex-col items-start gap-1">
            {hit.tag && <TagPill tag={hit.tag} make={hit.make} className="max-w-full whitespace-normal break-words" />}
            {/* docs/behaviour/states.md: the configured luxury make's certified badge. */}
            {hit.certified_badge && hit.tag?.kind !== 'certified' && <CertifiedLogo make={hit.make} />}
          </div>
          <div className="pointer-events-auto relative z-10 flex shrink-0 flex-col gap-1 @[17rem]/image:flex-row">
            {site.features.favourites && canSave && <SaveToggle list="favourites" car={saved} title={title} hideUnlessSaved={sold} />}
            {site.features.compare && canSave && !sold && <SaveToggle list="compare" car={saved} title={title} />}
            {extra}
          </div>
        </div>
      </div>

      <div className={cn('flex flex-1 flex-col gap-2 p-3', aligned ? 'row-span-6 grid grid-cols-1 grid-rows-subgrid' : '@[18rem]:p-4')}>
        <Line row="row-start-1">
          <h3 className="text-[0.9375rem] font-semibold leading-tight text-balance break-words @[16.5rem]:text-base">
            {/* The title link stretches over the whole card, so the card is one
                link while its buttons stay separate controls above it. */}
            <Link to={href} className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none">
              {title}
            </Link>
          </h3>
        </Line>
        {badgeLine && (
          <Line row="row-start-2">
            <p className="-mt-1 line-clamp-2 text-sm text-muted-foreground">{badgeLine}</p>
          </Line>
        )}

        <Line row="row-start-3">
          <PriceBlock price={hit.price_display} />
        </Line>
        {site.features.weekly_finance_chip && !sold && hit.weekly_payment !== null && hit.weekly_payment !== undefined && (
          <Line row="row-start-4">
            <FinanceChip weekly={hit.weekly_payment} />
          </Line>
        )}

        {/* Each fact keeps its icon and words on one line; on a narrow card
            a fact that does not fit moves whole to the next line. In a
            results row the facts start level on every card. */}
        <Line row={cn('row-start-5', !aligned && 'mt-auto')}>
          <ul className="flex flex-wrap items-center gap-x-3 gap-y-1.5 border-t pt-3 text-xs text-muted-foreground @[18.5rem]:justify-between @[18.5rem]:gap-x-4">
            {hit.item_type !== 'caravan' ? (
              <li className="flex min-w-0 max-w-full items-center gap-1 whitespace-nowrap">
                <Gauge aria-hidden className="size-4 shrink-0" />
                <span className="sr-only">Kilometres: </span>
                <span className="truncate">{formatKm(hit.km)}</span>
              </li>
            ) : null}
            {caravan?.body_length ? (
              <li className="flex min-w-0 max-w-full items-center gap-1 whitespace-nowrap">
                <Ruler aria-hidden className="size-4 shrink-0" />
                <span className="sr-only">Length: </span>
                <span className="truncate">{Math.round(caravan.body_length * 30.48) / 100} m</span>
              </li>
            ) : null}
            {caravan?.sleeps ? (
              <li className="flex min-w-0 max-w-full items-center gap-1 whitespace-nowrap">
                <BedDouble aria-hidden className="size-4 shrink-0" />
                <span className="truncate">Sleeps {caravan.sleeps}</span>
              </li>
            ) : null}
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
        </Line>

        {sold && (
          <Button asChild variant="secondary" className="relative z-10 row-start-6 mt-2 w-full">
            <Link to={`${href}#find-similar`}>Find Me Something Similar</Link>
          </Button>
        )}
      </div>
    </article>
  )
}

// Line is one line of the card's body, in its row of an aligned card, and
// the width its contents size themselves by (the card body's width).
function Line({ row, children }: { row: string; children: React.ReactNode }) {
  return <div className={cn('@container min-w-0', row)}>{children}</div>
}

// Tones map to theme variables with fallbacks, so a site's stylesheet can
// restyle tags like every other colour.
const toneClass: Record<Tag['tone'], string> = {
  green: 'bg-success text-success-foreground',
  red: 'bg-destructive text-destructive-foreground',
  grey: 'bg-muted-foreground text-background',
}

export function TagPill({ tag, make, className }: { tag: Tag; make?: string; className?: string }) {
  // docs/behaviour/states.md#car-tag-3: a certified used Toyota shows a certified logo, not words.
  if (tag.kind === 'certified') return <CertifiedLogo make={make} className={className} />
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
      {/* A price that is not the cash price says what it is. */}
      {price.label && <p className="w-full text-xs font-semibold uppercase tracking-wide text-muted-foreground">{price.label}</p>}
      <p className={cn('font-bold whitespace-nowrap', isNumber ? 'text-lg text-foreground @[18rem]:text-xl' : 'text-base text-primary')}>
        {price.text}
        {price.suffix && <span className="ml-0.5 text-sm font-medium text-muted-foreground">{price.suffix}</span>}
      </p>
      {price.price_type && !price.cash && (
        <p className="whitespace-nowrap text-xs font-medium text-muted-foreground">{price.price_type}</p>
      )}
      {price.was && (
        <p className="whitespace-nowrap text-sm text-muted-foreground">
          <span className="sr-only">Was </span>
          <s>{price.was}</s>
        </p>
      )}
      {/* docs/behaviour/states.md: a reduced price reads as a reduction. */}
      {price.saving && <p className="whitespace-nowrap text-sm font-semibold text-destructive">Save {price.saving}</p>}
      {price.cash && (
        // The price type wraps below the cash price on a narrow card.
        <p className="flex w-full flex-wrap items-baseline gap-x-1 text-sm">
          <span className="whitespace-nowrap">
            Cash price <span className="font-semibold tabular-nums">{price.cash}</span>
          </span>
          {price.price_type && <span className="whitespace-nowrap text-xs text-muted-foreground">{price.price_type}</span>}
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

// Each save button says on hover and focus what it keeps the car in, as the
// three look alike: favourites stay on this device, compare sets cars side
// by side, and the watchlist (another feature's button) follows the account.
export const listWords: Record<ToggledList, { label: string; tip: string; Icon: typeof Heart }> = {
  favourites: { label: 'Save to favourites', tip: 'Favourites: saved on this device', Icon: Heart },
  compare: { label: 'Add to compare', tip: 'Compare: set cars side by side', Icon: GitCompare },
}

type ToggledList = Exclude<SavedList, 'viewed'>

function SaveToggle({ list, car, title, hideUnlessSaved = false }: { list: ToggledList; car: SavedCar; title: string; hideUnlessSaved?: boolean }) {
  const { saved, toggle } = useSavedCar(list, car)
  const favouriteToast = useFavouriteToast()
  // docs/behaviour/states.md: a sold car shows no save button unless already saved.
  if (hideUnlessSaved && !saved) return null
  const { label, tip, Icon } = listWords[list]
  return (
    <IconTip tip={tip}>
      {(tipId) => (
        <button
          type="button"
          aria-pressed={saved}
          aria-label={`${label}: ${title}`}
          aria-describedby={tipId}
          onClick={() => {
            const now = toggle()
            if (list === 'favourites') favouriteToast(now)
          }}
          className={cn(
            'relative inline-flex size-9 items-center justify-center rounded-full border bg-background/90 text-foreground shadow-sm transition-colors hover:bg-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            saved && 'border-primary bg-primary text-primary-foreground hover:ring-text',
          )}
        >
          <Icon aria-hidden className={cn('size-4', saved && list === 'favourites' && 'fill-current')} />
        </button>
      )}
    </IconTip>
  )
}
