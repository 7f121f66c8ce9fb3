import { Printer } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { ApiError } from '@/lib/api'
import { useDocumentTitle } from '@/lib/document-title'
import { formatPhone } from '@/lib/phone'
import { useSite } from '@/lib/site'
import { useCar } from '../api/get-car'
import { downloadCarPdf } from '../api/print-pdf'
import { carLocation, caravanSpecs, dealerPhone, identitySpecs, specList, technicalSpecs, vehicleTitle } from '../lib/rules'
import { MainPicture } from './vehicle-page'
import { PriceBlock } from './sidebar'

// PrintView is /print?car_id={slug}: a clean sheet of the car for the
// browser's print, opened in a new tab, only where the site prints
// (docs/behaviour/screens.md and docs/behaviour/roles.md).
// notFound is the site's not-found page, shown for a car that does not
// exist (the server answers 404 for it too).
export function PrintView({ slug, notFound }: { slug: string; notFound?: ReactNode }) {
  const site = useSite()
  const { data: car, error, isPending } = useCar(slug)
  const [busy, setBusy] = useState(false)
  useDocumentTitle(car ? `${vehicleTitle(car, site.features.series_display)} | Print | ${site.name}` : `Print | ${site.name}`)
  if (!site.features.print_pdf || !slug) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Printing is not available</h1>
        <p className="mt-2 text-muted-foreground">This car cannot be printed from this site.</p>
      </div>
    )
  }
  if (isPending) return <p className="px-4 py-16 text-center" aria-busy="true">Preparing the print view…</p>
  if (error instanceof ApiError && error.status === 404 && notFound) return <>{notFound}</>
  if (error || !car) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-16 text-center" role="alert">
        <h1 className="text-2xl font-bold">This car could not be found</h1>
        <Button asChild className="mt-6">
          <Link to="/">Home</Link>
        </Button>
      </div>
    )
  }
  const loc = carLocation(site, car)
  const phone = dealerPhone(site, car, loc)
  const specs = [...specList(car), ...identitySpecs(car, site), ...caravanSpecs(car), ...technicalSpecs(car)].slice(0, 18)
  const pdf = async () => {
    setBusy(true)
    try {
      await downloadCarPdf(car.slug)
    } catch (err) {
      window.alert(err instanceof Error ? err.message : String(err))
    } finally {
      setBusy(false)
    }
  }
  return (
    <article className="mx-auto max-w-4xl px-4 py-6 print:p-0" data-testid="print-view">
      <div className="mb-4 flex flex-wrap gap-2 print:hidden">
        <Button onClick={() => window.print()}>
          <Printer aria-hidden />
          Print this page
        </Button>
        <Button variant="outline" onClick={() => void pdf()} disabled={busy}>
          {busy ? 'Preparing...' : 'Download PDF'}
        </Button>
        <Button asChild variant="ghost">
          <Link to={`/cars/${car.slug}`}>Back to the car</Link>
        </Button>
      </div>
      <header className="mb-4 border-b pb-3">
        <p className="text-sm text-muted-foreground">{site.name}</p>
        <h1 className="text-3xl font-bold">{vehicleTitle(car, site.features.series_display)}</h1>
        {car.available ? <PriceBlock car={car} large /> : <p className="text-xl font-bold">SOLD</p>}
      </header>
      <div className="grid gap-6 md:grid-cols-2 print:grid-cols-2">
        <MainPicture car={car} />
        <dl className="grid content-start gap-x-4 text-sm">
          {specs.map((s) => (
            <div key={s.label} className="flex justify-between gap-3 border-b py-1.5">
              <dt className="text-muted-foreground">{s.label}</dt>
              <dd className="text-right font-medium">{s.value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <footer className="mt-6 border-t pt-3 text-sm">
        <p className="font-semibold">{car.location_name || site.name}</p>
        {loc && (
          <p className="text-muted-foreground">
            {[loc.address.street, [loc.address.city, loc.address.state, loc.address.postcode].filter(Boolean).join(' ')].filter(Boolean).join(', ')}
          </p>
        )}
        {phone && <p>Phone {formatPhone(phone)}</p>}
      </footer>
    </article>
  )
}
