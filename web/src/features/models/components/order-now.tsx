import { Link, useSearchParams } from 'react-router'
import { LeadForm, LeadPage } from '@/features/leads'
import { useDocumentTitle } from '@/lib/document-title'
import { useSite } from '@/lib/site'
import { useModel } from '../api/get-models'

// OrderNowPage is /models/order-now?model_id={slug}&model_name={name}&vehicle={full name}
// (docs/behaviour/screens.md, the model quote call to action): an enquiry for that
// variant. The model comes from the site's own list; the variant's name
// only when it is one of that model's.
export function OrderNowPage() {
  const site = useSite()
  const [params] = useSearchParams()
  const slug = params.get('model_id') ?? ''
  const { data: model, isError } = useModel(slug)
  const asked = params.get('vehicle') ?? ''
  const variant = model?.model_variants.find((v) => v.full_name === asked)
  const vehicle = variant?.full_name ?? (model ? `${model.make} ${model.name}` : '')
  useDocumentTitle(`Order Now | ${site.name}`)
  const extra = model
    ? {
        'Vehicle Make': model.make,
        'Vehicle Model': model.name,
        car_type: 'new',
        manufacturer_slug: model.brand_path.split('/')[1] ?? '',
        model_id: model.slug,
        model_name: model.name,
        vehicle,
      }
    : undefined
  return (
    <LeadPage
      title={vehicle ? `Order Now: ${vehicle}` : 'Order Now'}
      intro={
        model ? (
          <>
            Tell us how to reach you and we will send a drive-away quote for the {vehicle}.{' '}
            <Link to={model.path} className="font-medium text-primary underline underline-offset-2">
              Back to the {model.name}
            </Link>
          </>
        ) : isError || !slug ? (
          <>
            Tell us which new model you are after and we will send a drive-away quote.{' '}
            <Link to="/models" className="font-medium text-primary underline underline-offset-2">
              Browse our models
            </Link>
          </>
        ) : (
          'Loading the model…'
        )
      }
      phone={site.phones.by_car_type?.new || site.phones.main}
    >
      {/* Remounts once the model arrives so its fields and message apply. */}
      <LeadForm
        key={vehicle}
        kind="enquiry"
        title="Order Now"
        submitLabel="Request a Quote"
        extra={extra}
        message={vehicle ? `I would like a drive-away quote for the ${vehicle}.` : ''}
      />
    </LeadPage>
  )
}
