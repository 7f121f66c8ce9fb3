import { BedDouble, CarFront, Check, Cog, Gauge, GitCompare, Heart, MapPin, Phone, Printer, Ruler, Scale, Share2, Weight, type LucideIcon } from 'lucide-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { Link } from 'react-router'
import { CertifiedLogo } from '@/components/certified-logo'
import { Button } from '@/components/ui/button'
import type { CarDetail, Site } from '@/lib/api'
import { phoneHref } from '@/lib/phone'
import { useFavouriteToast } from '@/lib/favourites'
import { saveControlsAllowed, savedPriceText, useSavedCar, type SavedCar } from '@/lib/saved-cars'
import { cn } from '@/lib/utils'
import { logCallReveal } from '../api/call-reveal'
import { formatDollars } from '../lib/format'
import { priceDropText } from '../lib/price-drop'
import {
  actions as carActions,
  carLocation,
  dealerPhone,
  keyFacts,
  limits,
  maskPhone,
  phoneStartsRevealed,
  shareUrl,
  vehicleTitle,
  vehicleType,
  type Action,
  type ActionKind,
  type KeyFact,
} from '../lib/rules'
import type { VehicleSlots } from './slots'
import { useToast } from './toast'
import { useTrack, vehicleEvents } from './track'

type Props = { car: CarDetail; site: Site; slots: VehicleSlots }

const factIcons: Record<KeyFact['kind'], LucideIcon> = {
  km: Gauge,
  transmission: Cog,
  body: CarFront,
  length: Ruler,
  tare: Weight,
  atm: Scale,
  sleeps: BedDouble,
}

export function PriceBlock({ car, large = false }: { car: CarDetail; large?: boolean }) {
  const p = car.price_display
  const isNumber = p.kind === 'price' || p.kind === 'reduced' || p.kind === 'subscription'
  return (
    <div className="flex flex-wrap items-baseline gap-x-3" data-price-kind={p.kind} data-testid="price-block">
      {/* A price that is not the cash price says what it is. */}
      {p.label && <p className="w-full text-sm font-semibold uppercase tracking-wide text-muted-foreground">{p.label}</p>}
      <p className={cn('font-bold text-foreground', isNumber ? (large ? 'text-3xl' : 'text-xl') : 'text-lg text-primary')}>
        {p.text}
        {p.suffix && <span className="ml-0.5 text-base font-medium text-muted-foreground">{p.suffix}</span>}
      </p>
      {p.price_type && !p.cash && (
        <p className="text-sm font-medium text-muted-foreground" data-testid="price-type">
          {p.price_type}
        </p>
      )}
      {p.was && (
        <p className="text-base text-muted-foreground">
          Was <s>{p.was}</s>
        </p>
      )}
      {/* docs/behaviour/states.md: a reduced price reads as a reduction. */}
      {p.saving && <p className="text-base font-semibold text-destructive">Save {p.saving}</p>}
      {p.cash && (
        <p className="w-full text-base">
          Cash price <span className="font-semibold tabular-nums">{p.cash}</span>
          {p.price_type && <span className="ml-1 text-sm text-muted-foreground">{p.price_type}</span>}
        </p>
      )}
    </div>
  )
}

// PriceDrop says when the price last dropped, while its last change is a drop.
function PriceDrop({ car }: { car: CarDetail }) {
  const text = priceDropText(car.price_history)
  return text ? (
    <p className="-mt-2 text-sm font-semibold text-green-700" data-testid="price-drop">
      {text}
    </p>
  ) : null
}

// The weekly chip when the finance feature does not supply its own.
function FallbackWeeklyChip({ car }: { car: CarDetail }) {
  const w = car.finance_estimate?.weekly || car.weekly_payment
  if (w === null || w === undefined) return null
  if (w <= 25) return <p className="w-fit rounded-full bg-muted px-3 py-1 text-sm font-semibold">Enquire for Finance</p>
  return <p className="w-fit rounded-full bg-primary px-3 py-1 text-sm font-semibold text-primary-foreground">Only {formatDollars(Math.ceil(w))} /wk*</p>
}

export function CallDealer({ car, site, compact = false }: { car: CarDetail; site: Site; compact?: boolean }) {
  const phone = dealerPhone(site, car, carLocation(site, car))
  const [revealed, setRevealed] = useState(() => phoneStartsRevealed(site.features))
  // docs/behaviour/screens.md#focus-kept: the number takes the focus of the
  // button it replaces.
  const [moveFocus, setMoveFocus] = useState(false)
  const link = useRef<HTMLAnchorElement>(null)
  useEffect(() => {
    if (revealed && moveFocus) link.current?.focus()
  }, [revealed, moveFocus])
  const track = useTrack()
  if (!phone) return null // docs/behaviour/errors.md: a missing dealer phone is silent.
  const reveal = (e: React.MouseEvent<HTMLButtonElement>) => {
    setMoveFocus(document.activeElement === e.currentTarget)
    setRevealed(true)
    void logCallReveal(car, site.slug)
    track(vehicleEvents.callDealer, car)
  }
  if (!revealed) {
    return (
      // The name starts with what the button shows, so a buyer who speaks
      // to their device can say what they see (WCAG 2.5.3, label in name).
      <Button variant="outline" className={cn('w-full justify-center', compact && 'h-11')} onClick={reveal}>
        <Phone aria-hidden />
        <span className="tabular-nums">{maskPhone(phone, false)}</span>
        {!compact && <span className="text-xs text-muted-foreground">Show number</span>}
        <span className="sr-only">(reveal the dealer's phone number)</span>
      </Button>
    )
  }
  return (
    <Button asChild variant="outline" className={cn('w-full justify-center', compact && 'h-11')}>
      <a
        ref={link}
        href={phoneHref(phone)}
        aria-label={`Call the dealer on ${maskPhone(phone, true)}`}
        onClick={() => track(vehicleEvents.callDealer, car)}
      >
        <Phone aria-hidden />
        <span className="tabular-nums">{maskPhone(phone, true)}</span>
      </a>
    </Button>
  )
}

// dialogFor: the actions that open a lead form in a dialog, and which form.
const dialogFor: Partial<Record<ActionKind, { kind: 'enquiry' | 'test_drive' | 'finance'; title?: string }>> = {
  enquire: { kind: 'enquiry' },
  instant_message: { kind: 'enquiry' },
  test_drive: { kind: 'test_drive' },
  finance_enquiry: { kind: 'finance', title: 'Finance Enquiry' },
}

function ActionButton({ action, car, slots, className }: { action: Action; car: CarDetail; slots: VehicleSlots; className?: string }) {
  const track = useTrack()
  const primary = action.kind === 'enquire' || action.kind === 'instant_message'
  const variant = primary ? 'default' : action.kind === 'test_drive' ? 'secondary' : 'outline'
  const cls = cn('w-full', className)
  const dialog = dialogFor[action.kind]
  if (action.kind === 'instant_message' && slots.openChat) {
    const open = slots.openChat
    return (
      <Button variant={variant} className={cls} aria-haspopup="dialog" onClick={() => open(car)}>
        {action.label}
      </Button>
    )
  }
  if (dialog) {
    const trigger = (
      <Button variant={variant} className={cls}>
        {action.label}
      </Button>
    )
    if (slots.leadDialog) return <>{slots.leadDialog({ kind: dialog.kind, car, title: dialog.title ?? action.label, trigger })}</>
    const href = dialog.kind === 'test_drive' ? `/book-test-drive/?car_id=${car.id}` : dialog.kind === 'finance' ? `/finance-enquiry?car_id=${car.id}` : `/contact?car_id=${car.id}`
    return (
      <Button asChild variant={variant} className={cls}>
        <Link to={href}>{action.label}</Link>
      </Button>
    )
  }
  const external = action.kind === 'history_report'
  return (
    <Button asChild variant={variant} className={cls}>
      {external ? (
        <a href={action.href} target="_blank" rel="noopener noreferrer" onClick={() => track(vehicleEvents.historyReport, car)}>
          {action.label}
        </a>
      ) : (
        <Link to={action.href ?? '#'}>{action.label}</Link>
      )}
    </Button>
  )
}

export function ActionButtons({ car, site, slots, only }: Props & { only?: Action['kind'][] }) {
  const list = carActions(car, site).filter((a) => !only || only.includes(a.kind))
  if (list.length === 0) return null
  return (
    <div className="grid gap-2" data-testid="vehicle-actions">
      {list.map((a) => (
        <ActionButton key={a.kind} action={a} car={car} slots={slots} />
      ))}
    </div>
  )
}

function ShareButton({ car, site }: { car: CarDetail; site: Site }) {
  const [copied, setCopied] = useState(false)
  const toast = useToast()
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const name = vehicleTitle(car, site.features.series_display)
  const share = async () => {
    const url = shareUrl(window.location.origin, window.location.pathname)
    const ok = await copyText(url)
    if (!ok) return
    if (site.vehicle_page.share_toast) {
      toast.show(`Copied ${name} to your clipboard!`, limits.shareToastMs)
      return
    }
    setCopied(true)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setCopied(false), limits.shareCopiedMs)
  }
  return (
    <Button variant="ghost" size="sm" onClick={() => void share()} aria-label={copied ? 'Copied' : `Share ${name}`}>
      {copied ? <Check aria-hidden /> : <Share2 aria-hidden />}
      <span aria-live="polite">{copied ? 'Copied' : 'Share'}</span>
    </Button>
  )
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    // Older browsers and some insecure contexts: the selection route.
    try {
      const ta = document.createElement('textarea')
      ta.value = text
      ta.setAttribute('readonly', '')
      ta.style.position = 'fixed'
      ta.style.opacity = '0'
      document.body.appendChild(ta)
      ta.select()
      const ok = document.execCommand('copy')
      ta.remove()
      return ok
    } catch {
      return false
    }
  }
}

function FavouriteButton({ car, site }: { car: CarDetail; site: Site }) {
  const saved: SavedCar = useMemo(
    () => ({
      id: car.id,
      name: car.name,
      slug: car.slug,
      make: car.make,
      model: car.model,
      primary_image_url: car.primary_image_url,
      price_text: savedPriceText(car.price_display),
    }),
    [car.id, car.name, car.slug, car.make, car.model, car.primary_image_url, car.price_display],
  )
  const { saved: isSaved, toggle } = useSavedCar('favourites', saved)
  const favouriteToast = useFavouriteToast()
  const track = useTrack()
  // docs/behaviour/states.md: a sold car shows no save button unless already saved.
  if (!car.available && !isSaved) return null
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-pressed={isSaved}
      onClick={() => {
        const now = toggle()
        if (now) track(vehicleEvents.favourited, car)
        favouriteToast(now)
      }}
      aria-label={`Favourite ${vehicleTitle(car, site.features.series_display)}`}
      className={cn(isSaved && 'text-primary')}
    >
      <Heart aria-hidden className={cn(isSaved && 'fill-current')} />
      {isSaved ? 'Saved' : 'Favourite'}
    </Button>
  )
}

// CompareButton adds the car to the compare list (at most 4; a fifth is
// refused and the compare bar says why) or takes it out.
function CompareButton({ car, site }: { car: CarDetail; site: Site }) {
  const saved: SavedCar = useMemo(
    () => ({ id: car.id, name: car.name, slug: car.slug, make: car.make, model: car.model, primary_image_url: car.primary_image_url }),
    [car.id, car.name, car.slug, car.make, car.model, car.primary_image_url],
  )
  const { saved: inList, toggle } = useSavedCar('compare', saved)
  const name = vehicleTitle(car, site.features.series_display)
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-pressed={inList}
      onClick={toggle}
      aria-label={inList ? `Remove ${name} from compare` : `Add ${name} to compare`}
      className={cn(inList && 'text-primary')}
    >
      <GitCompare aria-hidden />
      Compare
    </Button>
  )
}

// PrintButton is the car's one print control: it opens the print view in a
// new tab, which prints the page or downloads the PDF, so the sidebar does
// not offer two look-alike print actions side by side.
function PrintButton({ car }: { car: CarDetail }) {
  const track = useTrack()
  return (
    <Button asChild variant="ghost" size="sm">
      <a href={`/print?car_id=${encodeURIComponent(car.slug)}`} target="_blank" rel="noopener" onClick={() => track(vehicleEvents.print, car)}>
        <Printer aria-hidden />
        Print
      </a>
    </Button>
  )
}

// AvailabilityNotice says on the page what the car's card says: a car held
// for another buyer, or one not here yet, which no one can book to see.
function AvailabilityNotice({ car, type }: { car: CarDetail; type: string }) {
  if (car.reserved) {
    return (
      <p role="status" className="rounded-md bg-muted p-3 text-sm" data-testid="availability-notice">
        <strong className="block font-bold tracking-wide">RESERVED</strong>
        This {type} is held for another buyer. Enquire and we will tell you if it becomes available.
      </p>
    )
  }
  if (car.status === 'coming_soon') {
    return (
      <p role="status" className="rounded-md bg-muted p-3 text-sm" data-testid="availability-notice">
        <strong className="block font-bold tracking-wide">COMING SOON</strong>
        This {type} is on its way to us. Enquire to hear as soon as it arrives.
      </p>
    )
  }
  return null
}

export function Sidebar({ car, site, slots }: Props) {
  const title = vehicleTitle(car, site.features.series_display)
  const type = vehicleType(car)
  const facts = keyFacts(car)
  const subtitle = [site.features.series_display ? '' : car.series, car.stocknum ? `Stock #${car.stocknum}` : ''].filter(Boolean).join(' · ')
  return (
    <div className="flex flex-col gap-4 rounded-lg border bg-background p-5 shadow-sm" data-testid="vehicle-sidebar">
      <div>
        <h1 className="text-2xl font-bold leading-tight">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-muted-foreground">{subtitle}</p>}
        {/* docs/behaviour/states.md: a certified used Toyota's logo, or the configured luxury make's certified badge. */}
        {(car.certified_badge || car.tag?.kind === 'certified') && <CertifiedLogo make={car.make} className="mt-2 h-8" />}
      </div>

      {car.available ? (
        <>
          <AvailabilityNotice car={car} type={type} />
          <PriceBlock car={car} large />
          <PriceDrop car={car} />
          {site.features.weekly_finance_chip && (
            // A wrapper keeps the chip its own width inside the column.
            <div className="flex">{slots.weeklyChip ? slots.weeklyChip({ car, site }) : <FallbackWeeklyChip car={car} />}</div>
          )}
          {slots.financeEstimate?.({ car, site })}
          <CallDealer car={car} site={site} />
          <ActionButtons car={car} site={site} slots={slots} />
        </>
      ) : (
        <div role="status" className="rounded-md bg-muted p-4" data-testid="sold-notice">
          <p className="text-lg font-bold tracking-wide">SOLD</p>
          <p className="mt-1 text-sm">Unfortunately this {type} recently sold.</p>
          <a href="#find-similar" className="mt-2 inline-block text-sm font-semibold text-foreground underline underline-offset-4">
            Find Me Something Similar
          </a>
        </div>
      )}

      <ul className={cn('grid gap-2 border-y py-3 text-sm', facts.length > 3 ? 'grid-cols-4' : 'grid-cols-3')} aria-label="Key facts">
        {facts.map((f) => {
          const Icon = factIcons[f.kind]
          // A car's tiles are told apart by their icons; a caravan's figures
          // (two of them in kg) need their names shown.
          const named = f.kind !== 'km' && f.kind !== 'transmission' && f.kind !== 'body'
          return (
            <li key={f.kind} className="flex flex-col items-center gap-1 text-center" data-fact={f.kind}>
              <Icon aria-hidden className="size-5 text-muted-foreground" />
              {named ? <span className="text-xs text-muted-foreground">{f.label}</span> : <span className="sr-only">{f.label}: </span>}
              <span className="font-medium tabular-nums">{f.value}</span>
            </li>
          )
        })}
      </ul>

      <a
        href="#vehicle-map"
        className="flex items-center gap-2 rounded-md text-sm font-medium text-foreground underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <MapPin aria-hidden className="size-4 text-primary" />
        {car.location_name || 'Our location'}
      </a>

      <div className="flex flex-wrap gap-1 border-t pt-3">
        <ShareButton car={car} site={site} />
        {site.features.favourites && saveControlsAllowed(car, site) && <FavouriteButton car={car} site={site} />}
        {site.features.watchlist && slots.watchlist?.({ car, site, name: title })}
        {site.features.compare && car.available && saveControlsAllowed(car, site) && <CompareButton car={car} site={site} />}
        {site.features.print_pdf && <PrintButton car={car} />}
      </div>
    </div>
  )
}
