import { useSearchParams } from 'react-router'
import { LeadPage, TestDriveForm, useLeadCar } from '@/features/leads'
import { useDocumentTitle } from '@/lib/document-title'
import { useSite } from '@/lib/site'

function useTitle(title: string) {
  const site = useSite()
  useDocumentTitle(`${title} | ${site.name}`)
  return site
}

// /book-test-drive/?car_id={slug} books that car; without it (or for a car
// that is gone) the visitor books a drive with the dealer.
export function TestDrivePage() {
  const site = useTitle('Book a Test Drive')
  const slug = useSearchParams()[0].get('car_id') ?? ''
  const car = useLeadCar(slug)
  const known = car.data?.available ? car.data : undefined
  return (
    <LeadPage
      title={known ? `Book a Test Drive: ${known.name}` : 'Book a Test Drive'}
      intro="Choose a day and a time that suit you, and we will have the car ready for you to drive."
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
