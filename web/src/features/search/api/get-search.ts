import { useQuery } from '@tanstack/react-query'
import { searchQueryOptions } from '@/lib/queries'
import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

export type SearchResponse = Schemas['SearchResult']
export type FacetValue = Schemas['FacetItem']
export type SearchPromoCard = Schemas['SearchPromoCard']
export type SearchState = Schemas['SearchState']
export type NumericRange = Schemas['NumericRange']


export function useSearch(pathname: string, search: string) {
  return useQuery(searchQueryOptions(pathname, search))
}
