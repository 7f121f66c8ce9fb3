import { useQuery } from '@tanstack/react-query'
import { modelsQueryOptions, searchQueryOptions } from '@/lib/queries'
import type { components } from '@/lib/api-types'

type Schemas = components['schemas']
export type MenuModel = Schemas['MenuModel']

// The stock menu reads the counts of the site's plain listing: the same
// answer the listing page shows, so the menu's numbers match the page's.
export function useStockMenu(defaultPath: string, enabled: boolean) {
  return useQuery({ ...searchQueryOptions(defaultPath, ''), enabled })
}

// The New Vehicles menu reads the model pages' list.
export function useModelsMenu(enabled: boolean) {
  return useQuery({ ...modelsQueryOptions(), enabled })
}
