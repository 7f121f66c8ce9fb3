import { lazy } from 'react'
import { Search } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { useDocumentTitle } from '@/lib/document-title'
import { useSite } from '@/lib/site'
import { offeredLinks } from '@/lib/offered-pages'
import { defaultSearchPath } from '@/config/paths'
import { BannerCarousel } from './banner-carousel'
import { FeatureLinks } from './feature-links'
import { Deferred } from '@/components/deferred'
import { QuickSearch } from './quick-search'
import { Part } from '@/lib/hydration-part'

const HomeBelowFold = lazy(() => import('./below-fold'))

export function HomePage() {
  const site = useSite()
  useDocumentTitle(site.wording.tagline ? `${site.name} | ${site.wording.tagline}` : site.name)
  const searchPath = site.search.default_path || defaultSearchPath
  return (
    <>
      <h1 className="sr-only">{site.name}</h1>
      {/* On a phone the banner fills the first screen, so a quick search
          comes before it; wider screens have room for both. */}
      <div className="border-b bg-muted px-4 py-3 md:hidden">
        <QuickSearch searchPath={searchPath} />
      </div>
      {(site.home.banners ?? []).length > 0 && (
        <Part>
          <BannerCarousel banners={site.home.banners ?? []} />
        </Part>
      )}
      <div className="mx-auto max-w-7xl space-y-10 px-4 py-10">
        <FeatureLinks links={offeredLinks(site, site.home.feature_links ?? [])} />
        <section aria-labelledby="browse-stock" className="flex flex-col items-start gap-4 rounded-lg bg-muted p-6 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 id="browse-stock" className="text-xl font-semibold">
              Browse stock
            </h2>
            <p className="text-muted-foreground">
              {site.wording.description || `New, demo and used vehicles at ${site.name}.`}
            </p>
          </div>
          <Button asChild size="lg">
            <Link to={searchPath}>
              <Search aria-hidden />
              Search stock
            </Link>
          </Button>
        </section>
        <Deferred minHeight="40rem" margin="400px">
          <div className="space-y-10">
            <HomeBelowFold searchPath={searchPath} />
          </div>
        </Deferred>
      </div>
    </>
  )
}
