import { useParams } from 'react-router'
import { BrandOverviewPage, BrandsPage, ModelPage, ModelsPage, OrderNowPage } from '@/features/models'
import { NotFound } from './not-found'
import { fetchInto, viewLoader } from '../view-loader'
import { modelsQueryOptions } from '@/lib/queries'
import { loadModel } from './view-data'

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

// The range, for the models, brands and brand overview pages.
export const modelsLoader = viewLoader(async ({ client }) => {
  await fetchInto(client, modelsQueryOptions())
})
export const modelLoader = viewLoader((n) => loadModel(n, n.params.slug ?? ''))
export const orderNowLoader = viewLoader(async (n) => {
  await loadModel(n, n.url.searchParams.get('model_id') ?? '')
})
