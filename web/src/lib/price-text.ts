// priceText is a car's price as one line of text, for places that show it
// as plain words (compare table, saved-car lists, checkout): a subscription
// price names itself and carries the cash price beside it.
export interface PriceParts {
  kind: string
  text: string
  suffix?: string
  label?: string
  cash?: string
}

export function priceText(p: PriceParts | null | undefined): string {
  if (!p || p.kind === 'none') return ''
  const main = [p.label, p.text, p.suffix].filter(Boolean).join(' ')
  return p.cash ? `${main} (cash price ${p.cash})` : main
}
