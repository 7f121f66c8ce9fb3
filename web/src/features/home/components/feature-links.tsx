import { ArrowRight, BadgePercent, CarFront, Wrench, type LucideIcon } from 'lucide-react'
import { Link } from 'react-router'
import type { Link as MenuLink } from '@/lib/api'

// The home page's three feature links (SPEC.md section 2, route "/"): latest
// offers, book service online, sell your car — in the site's order.
const icons: LucideIcon[] = [BadgePercent, Wrench, CarFront]

export function FeatureLinks({ links }: { links: readonly MenuLink[] }) {
  if (links.length === 0) return null
  return (
    <ul className="grid gap-4 sm:grid-cols-3">
      {links.map((l, i) => {
        const Icon = icons[i % icons.length] ?? ArrowRight
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
