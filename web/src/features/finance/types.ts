import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

export type FinanceEstimateData = Schemas['FinanceEstimate']
export type YouxQuote = Schemas['YouxQuote']
export type FinanceConfig = Schemas['Finance']

// FinanceCar is what the finance parts read from a car: a search hit or a
// vehicle page car both fit.
export interface FinanceCar {
  id: number
  slug?: string
  name?: string
  year?: number
  make?: string
  model?: string
  badge?: string
  price: number
  car_type: string
  km?: number
  vin?: string
  nvic?: string
  dealership_id?: number
  dealership_slug?: string
  primary_image_url?: string
  finance_estimate?: FinanceEstimateData | null
  weekly_payment?: number | null
  youxQuote?: YouxQuote | null
}
