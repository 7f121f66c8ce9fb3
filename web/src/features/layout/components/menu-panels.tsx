import { useState, type ReactNode } from 'react'
import type { Link } from '@/lib/api'
import { useSite } from '@/lib/site'
import { useModelsMenu, useStockMenu } from '../api/get-menus'
import { isOffered } from '@/lib/offered-pages'
import { carTypeLinks, groupByBody, makeLinks, makesOf, offeredModels, type MenuMake, type StockLink } from '../lib/menu-links'
import { sizedImage } from '@/lib/image'

// MenuLinkComponent draws one link of a panel: the desktop menu wraps it for
// Radix (closing on select, arrow keys), the mobile menu uses it as it is.
export type MenuLinkComponent = (props: { href: string; className?: string; children: ReactNode }) => ReactNode

const numberFormat = new Intl.NumberFormat('en-AU')

function CountedLinks({ title, links, LinkAs }: { title: string; links: StockLink[]; LinkAs: MenuLinkComponent }) {
  if (links.length === 0) return null
  return (
    <section aria-label={title} className="min-w-0">
      <h3 className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide opacity-70">{title}</h3>
      <ul className="flex flex-col">
        {links.map((l) => (
          <li key={l.href}>
            <LinkAs
              href={l.href}
              className="flex items-center justify-between gap-3 rounded-sm px-3 py-1.5 text-sm hover:bg-muted hover:text-foreground focus-visible:bg-muted focus-visible:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span className="truncate">{l.label}</span>
              <span className="shrink-0 rounded-full bg-muted px-2 text-xs font-semibold tabular-nums text-muted-foreground">
                {numberFormat.format(l.count)}
              </span>
            </LinkAs>
          </li>
        ))}
      </ul>
    </section>
  )
}

function PlainLinks({ links, LinkAs }: { links: readonly Link[]; LinkAs: MenuLinkComponent }) {
  return (
    <ul className="flex flex-col">
      {links.map((l) => (
        <li key={l.label + l.href}>
          <LinkAs href={l.href} className="block rounded-sm px-3 py-1.5 text-sm hover:bg-muted hover:text-foreground focus-visible:bg-muted focus-visible:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
            {l.label}
          </LinkAs>
        </li>
      ))}
    </ul>
  )
}

const viewAllClass =
  'mt-2 block rounded-sm border-t border-border px-3 pt-2 pb-1.5 text-sm font-semibold underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring'

// StockPanel shows the live stock counts by car type and the busiest makes,
// each linking to its listing. Until the counts arrive, or if they cannot,
// the config's own links stand in.
export function StockPanel({ link, enabled = true, LinkAs }: { link: Link; enabled?: boolean; LinkAs: MenuLinkComponent }) {
  const site = useSite()
  const defaultPath = site.search.default_path || link.href
  const { data, isError } = useStockMenu(defaultPath, enabled)
  const types = carTypeLinks(data?.facets?.car_type)
  const makes = makeLinks(data?.facets?.make, defaultPath)
  return (
    <div className="flex flex-col">
      {data && (types.length > 0 || makes.length > 0) ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <CountedLinks title="By type" links={types} LinkAs={LinkAs} />
          <CountedLinks title="Top makes" links={makes} LinkAs={LinkAs} />
        </div>
      ) : (
        <>
          {!data && !isError && (
            <p role="status" className="px-3 py-1.5 text-sm opacity-70">
              Loading stock…
            </p>
          )}
          {link.children && link.children.length > 0 && <PlainLinks links={link.children} LinkAs={LinkAs} />}
        </>
      )}
      <LinkAs href={defaultPath} className={viewAllClass}>
        View all stock
      </LinkAs>
    </div>
  )
}

// MakeTile is a make's logo; a logo that is missing or fails to load gives
// way to the make's name in a neutral tile, so the link keeps its name.
function MakeTile({ make }: { make: MenuMake }) {
  const [failed, setFailed] = useState(false)
  if (failed) {
    return (
      <span className="flex size-14 items-center justify-center rounded-md bg-muted p-1 text-center text-xs font-semibold leading-tight text-muted-foreground">
        {make.make}
      </span>
    )
  }
  return (
    <img
      src={make.logo}
      alt={make.make}
      width={56}
      height={56}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className="size-14 object-contain"
    />
  )
}

// ModelsPanel shows the site's makes with their logos, each leading to its
// overview, then its new models with their pictures, grouped by body; a
// body heading leads to /models?body=, a model to its own page.
export function ModelsPanel({ link, enabled = true, LinkAs, compact = false }: { link: Link; enabled?: boolean; LinkAs: MenuLinkComponent; compact?: boolean }) {
  const site = useSite()
  const { data, isError } = useModelsMenu(enabled)
  const offered = (href: string) => isOffered(site, href)
  const models = offeredModels(data ?? [], offered)
  const groups = groupByBody(models)
  const makes = makesOf(models, offered)
  return (
    <div className="flex flex-col">
      {!data && !isError && (
        <p role="status" className="px-3 py-1.5 text-sm opacity-70">
          Loading models…
        </p>
      )}
      {makes.length > 0 && (
        <section aria-label="Makes" className="mb-3 border-b border-border pb-3">
          <ul className="flex flex-wrap gap-2 px-1">
            {makes.map((mk) => (
              <li key={mk.make}>
                <LinkAs
                  href={mk.href}
                  className="flex rounded-md p-1 hover:bg-muted focus-visible:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <MakeTile make={mk} />
                </LinkAs>
              </li>
            ))}
          </ul>
        </section>
      )}
      {groups.length === 0 && link.children && link.children.length > 0 && <PlainLinks links={link.children} LinkAs={LinkAs} />}
      <div className={compact ? 'flex flex-col gap-3' : 'grid gap-x-6 gap-y-4 md:grid-cols-2 lg:grid-cols-3'}>
        {groups.map((g) => (
          <section key={g.body} aria-label={g.body} className="min-w-0">
            <h3 className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide">
              {g.href ? (
                <LinkAs href={g.href} className="rounded-sm underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
                  {g.body}
                </LinkAs>
              ) : (
                g.body
              )}
            </h3>
            <ul className="flex flex-col">
              {g.models.map((m) => (
                <li key={m.id}>
                  <LinkAs
                    href={m.path}
                    className="flex items-center gap-3 rounded-sm px-3 py-1.5 text-sm hover:bg-muted hover:text-foreground focus-visible:bg-muted focus-visible:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    {m.image_url ? (
                      <img src={sizedImage(m.image_url, 128)} alt="" width={64} height={40} loading="lazy" decoding="async" className="h-10 w-16 shrink-0 rounded-sm object-cover" />
                    ) : null}
                    <span className="min-w-0">
                      <span className="block truncate font-medium">
                        {m.make} {m.name}
                      </span>
                      {m.status === 'coming_soon' && <span className="block text-xs opacity-80">Coming soon</span>}
                    </span>
                  </LinkAs>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <LinkAs href={link.href} className={viewAllClass}>
        View all new vehicles
      </LinkAs>
    </div>
  )
}
