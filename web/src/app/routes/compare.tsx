import { ComparePage } from '@/features/compare'

export function Component() {
  return <ComparePage />
}
