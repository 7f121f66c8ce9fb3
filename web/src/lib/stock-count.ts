import type { Site } from './api'

type Nouns = Pick<Site['wording'], 'stock_noun' | 'stock_noun_plural'>

// stockCount says how many vehicles in the site's own word for its stock:
// '253 cars', '1 caravan' (wording.stock_noun in tenants/schema.json).
export function stockCount(n: number, { stock_noun, stock_noun_plural }: Nouns): string {
  return `${n.toLocaleString('en-AU')} ${n === 1 ? stock_noun || 'car' : stock_noun_plural || 'cars'}`
}
