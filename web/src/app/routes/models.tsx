import { useParams } from 'react-router'
import { BrandOverviewPage, BrandsPage, ModelPage, ModelsPage, OrderNowPage } from '@/features/models'
import { NotFound } from './not-found'

export const ModelsRoute = ModelsPage
export const OrderNowRoute = OrderNowPage
export const BrandsRoute = BrandsPage

export function ModelRoute() {
  const { slug = '' } = useParams()
  return <ModelPage key={slug} slug={slug} notFound={<NotFound />} />
}

export function BrandOverviewRoute() {
  const { brand = '' } = useParams()
  return <BrandOverviewPage key={brand} brand={brand} notFound={<NotFound />} />
}
