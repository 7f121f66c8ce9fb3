// priceText is a car's price as one line of text, for places that show it
// as plain words (compare table, saved-car lists): a subscription price
// names itself and carries the cash price beside it, and a price says what
// it includes ("Drive Away").
export interface PriceParts {
  kind: string
  text: string
  suffix?: string
  label?: string
  cash?: string
  price_type?: string
}

export function priceText(p: PriceParts | null | undefined): string {
  if (!p || p.kind === 'none') return ''
  if (p.cash) {
    const main = [p.label, p.text, p.suffix].filter(Boolean).join(' ')
    return `${main} (cash price ${[p.cash, p.price_type].filter(Boolean).join(' ')})`
  }
  return [p.label, p.text, p.suffix, p.price_type].filter(Boolean).join(' ')
}
