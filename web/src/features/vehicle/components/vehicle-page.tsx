import { ChevronRight, Info } from 'lucide-react'
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import type { CarDetail, Site } from '@/lib/api'
import { ApiError } from '@/lib/api'
import { useDocumentTitle } from '@/lib/document-title'
import { recordViewedCar, savedPriceText, type SavedCar } from '@/lib/saved-cars'
import { useSite } from '@/lib/site'
import { Part } from '@/lib/hydration-part'
import { cn } from '@/lib/utils'
import { useCar } from '../api/get-car'
import { useCarViews } from '../api/car-views'
import { imageSrcSet, imageUrl } from '../lib/format'
import { useScrollY } from '../lib/hooks'
import {
  breadcrumb,
  carLocation,
  fuelCalculatorShown,
  mainImage,
  primaryLocation,
  scrollState,
  showAnnouncement,
  vehicleTitle,
  vehicleType,
} from '../lib/rules'
import { PriceComparison } from './price-comparison'
import {
  CaravanSpecifications,
  DealerComments,
  CarIdentity,
  DetailsCard,
  FeatureList,
  VehicleDisclaimer,
  FullSpecifications,
  KeyInformation,
  SalesCounter,
  VehicleLocation,
  ViewsCount,
  WhyBuy,
  WhyUs,
} from './sections'
import { ActionButtons, CallDealer, PriceBlock, Sidebar } from './sidebar'
import { SimilarCars } from './similar-cars'
import type { VehicleSlots } from './slots'
import { ToastProvider } from './toast'
import { TrackContext, vehicleEvents } from './track'

const noTrack = () => {}

export function VehiclePage({ slug, slots = {}, notFound }: { slug: string; slots?: VehicleSlots; notFound?: ReactNode }) {
  const site = useSite()
  const { data: car, error, isPending } = useCar(slug)
  if (isPending) return <VehiclePageSkeleton />
  if (error || !car) {
    if (error instanceof ApiError && error.status === 404 && notFound) return <>{notFound}</>
    return (
      <div className="mx-auto max-w-2xl px-4 py-16 text-center" role="alert">
        <h1 className="text-2xl font-bold">This car could not be loaded</h1>
        <p className="mt-2 text-muted-foreground">{error instanceof Error ? error.message : 'Please try again.'}</p>
      </div>
    )
  }
  return (
    <TrackContext.Provider value={slots.track ?? noTrack}>
      <ToastProvider>
        {slots.financeScope ? (
          slots.financeScope({ car, children: <VehicleView car={car} site={site} slots={slots} /> })
        ) : (
          <VehicleView car={car} site={site} slots={slots} />
        )}
      </ToastProvider>
    </TrackContext.Provider>
  )
}

function VehiclePageSkeleton() {
  return (
    // As tall as the screen, so the footer starts below the fold and the
    // loaded page does not push it (no layout shift).
    <div className="mx-auto min-h-screen max-w-7xl animate-pulse px-4 py-6 motion-reduce:animate-none" aria-busy="true" aria-label="Loading the car">
      <div className="mb-4 h-4 w-2/3 rounded bg-muted" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_380px]">
        <div className="aspect-[3/2] rounded-lg bg-muted" />
        <div className="h-96 rounded-lg bg-muted" />
      </div>
    </div>
  )
}

// MainPicture is the page's largest image and its LCP element: loaded at
// once with high priority, width and height set so nothing shifts.
export function MainPicture({ car }: { car: CarDetail }) {
  const src = car.primary_image_url || car.images?.[0]?.url || ''
  const title = vehicleTitle(car, false)
  return (
    <div className="relative aspect-[3/2] overflow-hidden rounded-lg bg-muted">
      {src ? (
        <img
          src={imageUrl(src, mainImage.width)}
          srcSet={imageSrcSet(src)}
          sizes="(min-width: 1280px) 860px, (min-width: 1024px) 60vw, 100vw"
          width={mainImage.width}
          height={mainImage.height}
          alt={title}
          loading="eager"
          fetchPriority="high"
          decoding="async"
          className={cn('size-full object-cover', !car.available && 'opacity-70')}
        />
      ) : (
        <div className="flex size-full items-center justify-center text-muted-foreground">Photos coming soon</div>
      )}
    </div>
  )
}

function Breadcrumbs({ car, site }: { car: CarDetail; site: Site }) {
  const crumbs = breadcrumb(car, site.features.series_display)
  return (
    <nav aria-label="Breadcrumb" className="mb-4 min-w-0 text-sm">
      {/* Wraps on a phone rather than running past the screen's edge. */}
      <ol className="flex flex-wrap items-center gap-x-1 gap-y-0.5 text-muted-foreground">
        {crumbs.map((c, i) => (
          <li key={i} className="flex min-w-0 items-center gap-1 [overflow-wrap:anywhere]">
            {i > 0 && <ChevronRight aria-hidden className="size-3.5" />}
            {c.href ? (
              <Link to={c.href} className="rounded hover:text-foreground hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
                {c.label}
              </Link>
            ) : (
              <span aria-current="page" className="font-medium text-foreground">
                {c.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}

function AnnouncementBar({ car, site }: { car: CarDetail; site: Site }) {
  const carCity = car.city || carLocation(site, car)?.address.city || ''
  const primaryCity = primaryLocation(site)?.address.city || site.city
  if (!showAnnouncement(carCity, primaryCity)) return null
  return (
    <div role="note" className="bg-secondary text-secondary-foreground" data-testid="announcement-bar">
      <p className="mx-auto flex max-w-7xl items-center gap-2 px-4 py-2 text-sm">
        <Info aria-hidden className="size-4 shrink-0" />
        This {vehicleType(car)} is located at {car.location_name || carCity} in {carCity}.{' '}
        <a href="#vehicle-map" className="font-semibold underline underline-offset-4">
          See location
        </a>
      </p>
    </div>
  )
}

// StickyHeader appears after 500 px of scroll (docs/behaviour/constants.md).
function StickyHeader({ car, site, shown }: { car: CarDetail; site: Site; shown: boolean }) {
  const bar = useRef<HTMLDivElement>(null)
  // docs/behaviour/screens.md#focus-under-bars: while shown, what Tab
  // scrolls into view stops below it.
  useEffect(() => {
    const root = document.documentElement
    if (shown && bar.current) root.style.setProperty('--top-bar-h', `${bar.current.offsetHeight}px`)
    return () => {
      root.style.removeProperty('--top-bar-h')
    }
  }, [shown])
  return (
    <div
      ref={bar}
      data-testid="sticky-header"
      data-shown={shown}
      aria-hidden={!shown}
      inert={!shown}
      className={cn(
        'fixed inset-x-0 top-0 z-40 hidden border-b bg-background/95 shadow-sm backdrop-blur transition-transform md:block',
        shown ? 'translate-y-0' : '-translate-y-full',
      )}
    >
      <div className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-2">
        <p className="min-w-0 flex-1 truncate font-semibold">{vehicleTitle(car, site.features.series_display)}</p>
        {car.available && <PriceBlock car={car} />}
        <a href="#top" className="text-sm text-primary underline-offset-4 hover:underline">
          Back to top
        </a>
      </div>
    </div>
  )
}

// useBottomBarHeight publishes a fixed bottom bar's height as --bottom-bar-h
// on the page, so other fixed things (the chat launcher) sit above it and
// what Tab scrolls into view stops above it
// (docs/behaviour/screens.md#focus-under-bars); 0 where the bar is hidden
// (wide screens).
function useBottomBarHeight() {
  return useCallback((el: HTMLDivElement | null) => {
    if (!el || typeof ResizeObserver === 'undefined') return
    const root = document.documentElement
    const ro = new ResizeObserver(() => root.style.setProperty('--bottom-bar-h', `${el.offsetHeight}px`))
    ro.observe(el)
    return () => {
      ro.disconnect()
      root.style.removeProperty('--bottom-bar-h')
    }
  }, [])
}

// MobileBar: a fixed bottom action bar on phones, 'opened' past 900 px.
function MobileBar({ car, site, slots, opened }: { car: CarDetail; site: Site; slots: VehicleSlots; opened: boolean }) {
  const bar = useBottomBarHeight()
  if (!car.available) return null
  return (
    <div
      ref={bar}
      data-testid="mobile-action-bar"
      data-opened={opened}
      className={cn(
        'fixed inset-x-0 bottom-0 z-40 border-t bg-background p-3 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] transition-[padding] md:hidden',
        opened && 'pb-4',
      )}
    >
      {opened && (
        <div className="mb-2 flex items-center justify-between gap-2">
          <p className="truncate text-sm font-semibold">{vehicleTitle(car, site.features.series_display)}</p>
          <PriceBlock car={car} />
        </div>
      )}
      <div className="grid grid-cols-2 gap-2">
        <ActionButtons car={car} site={site} slots={slots} only={['enquire', 'instant_message']} />
        <CallDealer car={car} site={site} compact />
      </div>
    </div>
  )
}

// viewedRecord is the car's viewed entry: its fields in
// docs/behaviour/entities.md#local-records and what the small card on
// /favourites shows.
function viewedRecord(car: CarDetail): SavedCar {
  return {
    id: car.id,
    stocknum: car.stocknum,
    make: car.make,
    model: car.model,
    body: car.body,
    simple_body: car.simple_body,
    name: car.name,
    slug: car.slug,
    primary_image_url: car.primary_image_url,
    price_text: savedPriceText(car.price_display),
  }
}

function VehicleView({ car, site, slots }: { car: CarDetail; site: Site; slots: VehicleSlots }) {
  const title = vehicleTitle(car, site.features.series_display)
  useDocumentTitle(`${title} | ${site.name}`)
  const views = useCarViews(car, site.slug)
  const { sticky, barOpened } = scrollState(useScrollY())
  const [showFuel] = useState(() => fuelCalculatorShown(site, car))
  const type = vehicleType(car)
  const track = slots.track
  useEffect(() => {
    if (car.car_type === 'used') track?.(vehicleEvents.usedCarView, car)
    // One event per car opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [car.slug])
  // docs/behaviour/entities.md#local-records: an available car shown is a viewed car.
  useEffect(() => {
    if (car.available) recordViewedCar(viewedRecord(car))
  }, [car])

  return (
    <div id="top" className="pb-28 md:pb-10" data-testid="vehicle-page" data-available={car.available}>
      <AnnouncementBar car={car} site={site} />
      <StickyHeader car={car} site={site} shown={sticky} />
      <div className="mx-auto max-w-7xl px-4 py-6">
        <Breadcrumbs car={car} site={site} />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_380px]">
          {/* The photos, the summary and each calculator are Suspense
              boundaries: React hydrates them one by one, yielding between. */}
          <Part>
            <div className="min-w-0 lg:col-start-1 lg:row-start-1" data-testid="vehicle-media">
              {slots.media ? slots.media({ car, site }) : <MainPicture car={car} />}
            </div>
          </Part>

          <Part>
            <aside className={cn('lg:col-start-2 lg:row-start-1', car.available && 'lg:row-span-2')} aria-label={`${title} summary`}>
              <div className="space-y-4 lg:sticky lg:top-4">
                <Sidebar car={car} site={site} slots={slots} />
                {views && <ViewsCount views={views.views} car={car} />}
              </div>
            </aside>
          </Part>

          {/* A sold car: the sold panel and its similar cars span the page below
              the short sold sidebar. */}
          {!car.available && (
            <div className="min-w-0 space-y-6 lg:col-span-2 lg:row-start-2">
              <section id="find-similar" className="scroll-mt-24 rounded-lg border bg-background p-5" aria-label="Find Me Something Similar">
                {slots.findSimilar ? (
                  slots.findSimilar({ car })
                ) : (
                  <>
                    <h2 className="text-xl font-semibold">Find Me Something Similar</h2>
                    <p className="mt-2 font-medium">Unfortunately this {type} recently sold.</p>
                    <p className="mt-1 text-muted-foreground">But don't worry, we can help you find a similar {type}!</p>
                    <Button asChild className="mt-4">
                      <Link to={`/contact?car_id=${car.id}`}>Find Me Something Similar</Link>
                    </Button>
                  </>
                )}
              </section>
              {site.features.similar_cars && <SimilarCars car={car} site={site} slots={slots} />}
            </div>
          )}

          <div className={cn('min-w-0 space-y-6 lg:col-start-1', car.available ? 'lg:row-start-2' : 'lg:row-start-3')}>
            <KeyInformation car={car} />
            <DetailsCard car={car} />
            <CarIdentity car={car} site={site} />
            <CaravanSpecifications car={car} />
            <FullSpecifications car={car} />
            <FeatureList car={car} />
            <DealerComments car={car} />
            {car.available && car.price_history.length > 1 && slots.priceHistory?.({ car })}

            {/* The calculators bring their own section and heading. */}
            {car.available && showFuel && slots.fuelCalculator && (
              <Part>
                <div id="fuel-calculator" className="scroll-mt-24">
                  {slots.fuelCalculator({ car, site })}
                </div>
              </Part>
            )}
            {car.available && site.features.delivery_calculator && slots.deliveryCalculator && (
              <Part>
                <div id="delivery-calculator" className="scroll-mt-24">
                  {slots.deliveryCalculator({ car, site })}
                </div>
              </Part>
            )}
            {car.available && site.features.finance_calculator && slots.financeCalculator && (
              <Part>
                <div id="finance-calculator" className="scroll-mt-24">
                  {slots.financeCalculator({ car, site })}
                </div>
              </Part>
            )}

            {car.available && site.features.autogauge && <PriceComparison slug={car.slug} />}
            {car.available && site.features.similar_cars && <SimilarCars car={car} site={site} slots={slots} />}
            {site.features.sales_counter && <SalesCounter />}
            <WhyUs car={car} site={site} />
            <WhyBuy car={car} site={site} />
            <VehicleLocation car={car} site={site} />
            <VehicleDisclaimer car={car} site={site} finance={car.available && !(slots.financeEstimate && car.finance_estimate)} />
          </div>
        </div>
      </div>
      <MobileBar car={car} site={site} slots={slots} opened={barOpened} />
    </div>
  )
}
