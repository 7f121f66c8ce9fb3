import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { defaultSearchPath } from '@/config/paths'
import { useDocumentTitle } from '@/lib/document-title'
import { useSite } from '@/lib/site'

export function NotFound() {
  const site = useSite()
  useDocumentTitle(`Page not found | ${site.name}`)
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">Page not found</h1>
      <p className="mt-3 text-lg text-muted-foreground">
        The page you are looking for has moved or no longer exists. Try the home page or search our stock.
      </p>
      <div className="mt-8 flex justify-center gap-3">
        <Button asChild>
          <Link to="/">Home</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={site.search.default_path || defaultSearchPath}>Search stock</Link>
        </Button>
      </div>
    </section>
  )
}
