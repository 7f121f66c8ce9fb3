import { ArrowRight, BadgePercent, CarFront, DollarSign, Search, Wrench, type LucideIcon } from 'lucide-react'
import { Link } from 'react-router'
import type { Link as MenuLink } from '@/lib/api'
import { cn } from '@/lib/utils'

// The home page's feature links (docs/behaviour/screens.md, route "/"): latest
// offers, book service online, sell your car — in the site's order, less
// any the site does not offer. Each link's icon follows where it leads, so
// a site without offers does not show the offers icon on its service link.
const iconRules: [RegExp, LucideIcon][] = [
  [/offer|special|sale|eofy/i, BadgePercent],
  [/service|parts/i, Wrench],
  [/sell|trade|valu/i, CarFront],
  [/financ/i, DollarSign],
  [/search|stock|cars/i, Search],
]

function featureIcon(href: string): LucideIcon {
  return iconRules.find(([re]) => re.test(href))?.[1] ?? ArrowRight
}

const columns: Record<number, string> = { 1: 'sm:grid-cols-1', 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-3' }

export function FeatureLinks({ links }: { links: readonly MenuLink[] }) {
  if (links.length === 0) return null
  return (
    <ul className={cn('grid gap-4', columns[links.length] ?? 'sm:grid-cols-3')}>
      {links.map((l) => {
        const Icon = featureIcon(l.href)
        return (
          <li key={l.label + l.href}>
            <Link
              to={l.href}
              className="group flex h-full items-center gap-4 rounded-lg border border-border bg-background p-6 shadow-sm transition hover:border-primary hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">
                <Icon aria-hidden className="size-6" />
              </span>
              <span className="text-lg font-semibold">{l.label}</span>
              <ArrowRight aria-hidden className="ml-auto size-5 text-muted-foreground transition group-hover:translate-x-1 group-hover:text-primary" />
            </Link>
          </li>
        )
      })}
    </ul>
  )
}
