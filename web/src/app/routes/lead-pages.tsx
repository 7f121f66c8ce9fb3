import { useSearchParams } from 'react-router'
import { LeadPage, TestDriveForm, useLeadCar } from '@/features/leads'
import { useDocumentTitle } from '@/lib/document-title'
import { useSite } from '@/lib/site'
import { viewingFor, viewingWords } from '@/lib/viewing'
import { viewLoader } from '../view-loader'
import { loadCar } from './view-data'

// /book-test-drive/?car_id={slug} books that car; without it (or for a car
// that is gone) the visitor books a drive with the dealer.
// A caravan, or a caravan dealer's page without a car, books an inspection.
export function TestDrivePage() {
  const site = useSite()
  const slug = useSearchParams()[0].get('car_id') ?? ''
  const car = useLeadCar(slug)
  const known = car.data?.available ? car.data : undefined
  const words = viewingWords[viewingFor(site, known)]
  useDocumentTitle(`${words.book} | ${site.name}`)
  return (
    <LeadPage
      title={known ? `${words.book}: ${known.name}` : words.book}
      intro={words.intro}
      phone={site.phones.main}
    >
      {slug && car.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading…
        </p>
      ) : (
        <TestDriveForm car={known} key={known?.id ?? 0} />
      )}
    </LeadPage>
  )
}

// The lead pages about one car read it under the car page's key; a car
// that is gone leaves the form without it, not a missing page.
export const testDriveLoader = viewLoader(async (n) => {
  await loadCar(n, n.url.searchParams.get('car_id') ?? '')
})
