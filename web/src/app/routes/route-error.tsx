import { isRouteErrorResponse, useRouteError } from 'react-router'
import { SiteLayout } from '@/features/layout'
import { NotFound } from './not-found'

// RouteError keeps the site's layout when a page fails, so visitors can
// still navigate; a 404 response renders the not-found page.
export function RouteError() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <SiteLayout>
        <NotFound />
      </SiteLayout>
    )
  }
  return (
    <SiteLayout>
      <section className="mx-auto max-w-2xl px-4 py-16 text-center">
        <h1 className="text-3xl font-bold">Something went wrong</h1>
        <p className="mt-3 text-muted-foreground">Please reload the page or try again in a moment.</p>
      </section>
    </SiteLayout>
  )
}
