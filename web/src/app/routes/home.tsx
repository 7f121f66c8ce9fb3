import { HomePage } from '@/features/home'

export function Component() {
  return <HomePage />
}
