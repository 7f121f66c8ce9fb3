import { LogOut, Trash2 } from 'lucide-react'
import type { ComponentType, ReactNode } from 'react'
import { Link, useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Select } from '@/components/ui/select'
import { useDocumentTitle } from '@/lib/document-title'
import { useSite } from '@/lib/site'
import { viewingFor, type Viewing } from '@/lib/viewing'
import { useAlertSettings, useSetPriceDrops, useSetSearchAlert } from '../api/alerts'
import { markSeen, useDeleteSearch, useGarage } from '../api/garage'
import { useSession } from '@/lib/session'
import { useSignOut } from '../api/session-actions'
import { nationalMobile } from '@/lib/phone'
import type { AlertSetting, Enquiry, Hit, SavedSearch } from '../api/types'

export type GarageCard = ComponentType<{ hit: Hit }>

const dateFormat = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric' })

function formatDate(iso: string): string {
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? iso : dateFormat.format(d)
}

// What each kind of lead is called to the buyer who sent it. The stored
// subcategory is the dealer's (a reservation is filed as "3. Offer
// Accepted", though nobody has accepted anything); the buyer reads this.
const kindNames: Record<string, string> = {
  enquiry: 'Enquiry',
  contact: 'Enquiry',
  test_drive: 'Test drive',
  request_photos: 'Photo request',
  finance: 'Finance enquiry',
  trade_in: 'Trade-in valuation',
  parts: 'Parts enquiry',
  service: 'Service booking',
  careers: 'Job application',
  find_similar: 'Request for a similar car',
  reserve: 'Reservation request',
}

// enquiryName names a sent lead for its buyer: by its kind, or for a
// general enquiry by the type the buyer picked or the page's own form
// ("Trade-In Enquiry", "Spin to Win"), never by a dealer's step code.
// A caravan dealer's viewings are inspections: viewing names them.
export function enquiryName(e: Pick<Enquiry, 'category' | 'subcategory'>, viewing: Viewing = 'test_drive'): string {
  if (e.category === 'test_drive' && viewing === 'inspection') return 'Inspection'
  const sub = e.subcategory.trim()
  if ((e.category === 'enquiry' || e.category === 'contact') && sub && sub !== 'General Enquiry' && !/^\d+\.\s/.test(sub)) return sub
  return kindNames[e.category] ?? 'Enquiry'
}

// GarageList is the visitor's watchlist as car cards, or a way to start one.
export function GarageList({ cars, Card }: { cars: Hit[]; Card: GarageCard }) {
  const site = useSite()
  if (cars.length === 0) {
    return (
      <div className="rounded-lg border border-dashed p-6 text-center">
        <p className="font-medium">Your watchlist is empty.</p>
        <p className="mt-1 text-sm text-muted-foreground">Save cars you like and they will wait for you here.</p>
        <Button asChild className="mt-4">
          <Link to={site.search.refresh_path && site.search.refresh_path.startsWith('/search') ? site.search.refresh_path : '/search/used-cars'}>Search cars</Link>
        </Button>
      </div>
    )
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {cars.map((c) => (
        <li key={c.id} className="grid">
          <Card hit={c} />
        </li>
      ))}
    </ul>
  )
}

// GaragePage is /my-garage and each group's own garage route: the
// visitor's watchlist, saved searches and enquiries on this site.
export function GaragePage({ title, Card, intro }: { title: string; Card: GarageCard; intro?: ReactNode }) {
  const site = useSite()
  const session = useSession()
  const garage = useGarage(session.status === 'signed-in')
  const navigate = useNavigate()
  const signOut = useSignOut(() => navigate('/', { replace: true }))
  useDocumentTitle(`${title} | ${site.name}`)
  const data = garage.data
  return (
    <div className="mx-auto max-w-7xl space-y-10 px-4 py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">{title}</h1>
          {session.phone && <p className="mt-1 font-medium">Signed in as {nationalMobile(session.phone, site.country)}</p>}
          {intro && <div className="max-w-3xl text-muted-foreground">{intro}</div>}
        </div>
        <Button variant="outline" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          <LogOut aria-hidden />
          Sign out
        </Button>
      </div>
      {signOut.isError && <p role="alert">You could not be signed out. Please try again.</p>}
      {garage.isPending && (
        <p role="status" className="text-muted-foreground">
          Loading your garage…
        </p>
      )}
      {garage.isError && (
        <div role="alert" className="flex flex-wrap items-center gap-3">
          Your garage could not be loaded.
          <Button size="sm" variant="outline" onClick={() => void garage.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {data && (
        <>
          <section aria-labelledby="garage-watchlist" className="space-y-4">
            <h2 id="garage-watchlist" className="text-2xl font-semibold">
              Watchlist
            </h2>
            <PriceDropAlerts />
            <GarageList cars={data.watchlist} Card={Card} />
          </section>
          <SavedSearches searches={data.saved_searches} />
          <Enquiries enquiries={data.enquiries} />
        </>
      )}
    </div>
  )
}

export const alertTexts = {
  labels: { off: 'Off', instant: 'Instant', daily: 'Daily at 9 am' } satisfies Record<AlertSetting, string>,
  searchHint: 'Text alerts: instant ones come within minutes of new stock, at most one an hour; daily ones at 9 am. None between 9 pm and 8 am.',
  priceDrops: 'Text me when a car on my watchlist drops in price',
  priceDropsHint: 'No texts between 9 pm and 8 am. Every text ends with a link that stops it.',
  failed: 'Your alert setting could not be changed. Please try again.',
}

// PriceDropAlerts is the switch for texts about watched cars' price drops.
function PriceDropAlerts() {
  const session = useSession()
  const settings = useAlertSettings(session.status === 'signed-in')
  const set = useSetPriceDrops()
  if (!settings.data) return null
  return (
    <div className="space-y-1">
      <label className="flex items-start gap-2 font-medium">
        <Checkbox checked={settings.data.price_drops} onChange={(e) => set.mutate(e.target.checked)} aria-describedby="price-drops-hint" />
        {alertTexts.priceDrops}
      </label>
      <p id="price-drops-hint" className="pl-6 text-sm text-muted-foreground">
        {alertTexts.priceDropsHint}
      </p>
      {set.isError && <p role="alert">{alertTexts.failed}</p>}
    </div>
  )
}

function SavedSearches({ searches }: { searches: SavedSearch[] }) {
  const remove = useDeleteSearch()
  const setAlert = useSetSearchAlert()
  return (
    <section aria-labelledby="garage-searches" className="space-y-4">
      <h2 id="garage-searches" className="text-2xl font-semibold">
        Saved searches
      </h2>
      {searches.length === 0 ? (
        <p className="text-muted-foreground">No saved searches yet. Use "Save this search" on any search page.</p>
      ) : (
        <>
          <p id="search-alerts-hint" className="text-sm text-muted-foreground">
            {alertTexts.searchHint}
          </p>
          <ul className="divide-y rounded-lg border">
            {searches.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                <Link to={s.query ? `${s.path}?${s.query}` : s.path} onClick={() => void markSeen(s.id)} className="min-w-0 basis-full font-medium underline-offset-4 hover:underline sm:flex-1 sm:basis-0">
                  {s.name}
                </Link>
                {s.new_matches > 0 && (
                  <span className="rounded-full bg-primary px-2.5 py-0.5 text-xs font-semibold text-primary-foreground">{s.new_matches} new</span>
                )}
                <span className="hidden text-sm text-muted-foreground sm:inline">Saved {formatDate(s.created_at)}</span>
                <label htmlFor={`search-alert-${s.id}`} className="text-sm">
                  Texts
                </label>
                <Select
                  id={`search-alert-${s.id}`}
                  aria-label={`Text alerts for ${s.name}`}
                  value={s.alert}
                  aria-describedby="search-alerts-hint"
                  onChange={(e) => setAlert.mutate({ id: s.id, alert: e.target.value as AlertSetting })}
                  className="w-40"
                >
                  {(Object.keys(alertTexts.labels) as AlertSetting[]).map((a) => (
                    <option key={a} value={a}>
                      {alertTexts.labels[a]}
                    </option>
                  ))}
                </Select>
                <Button variant="ghost" size="icon" aria-label={`Delete saved search ${s.name}`} onClick={() => remove.mutate(s.id)}>
                  <Trash2 aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
      {remove.isError && <p role="alert">The search could not be deleted. Please try again.</p>}
      {setAlert.isError && <p role="alert">{alertTexts.failed}</p>}
    </section>
  )
}

function Enquiries({ enquiries }: { enquiries: Enquiry[] }) {
  const site = useSite()
  const viewing = viewingFor(site)
  return (
    <section aria-labelledby="garage-enquiries" className="space-y-4">
      <h2 id="garage-enquiries" className="text-2xl font-semibold">
        Enquiries sent
      </h2>
      {enquiries.length === 0 ? (
        <p className="text-muted-foreground">Enquiries you send while signed in show here.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border">
          <table className="w-full text-left text-sm">
            <thead className="bg-muted">
              <tr>
                <th scope="col" className="px-4 py-2">
                  Enquiry
                </th>
                <th scope="col" className="px-4 py-2">
                  Car
                </th>
                <th scope="col" className="px-4 py-2">
                  Sent
                </th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {enquiries.map((e) => (
                <tr key={e.lead_id}>
                  <td className="px-4 py-2">{enquiryName(e, viewing)}</td>
                  <td className="px-4 py-2">{e.car_name || '—'}</td>
                  <td className="px-4 py-2">{formatDate(e.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
